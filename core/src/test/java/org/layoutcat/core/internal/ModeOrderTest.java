package org.layoutcat.core.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class ModeOrderTest {

    @Property
    void modeOrderIsAStableSortByItsKey(@ForAll @Size(max = 40) List<@LongRange(min = 0, max = 6) Long> strides,
            @ForAll @Size(max = 40) List<@LongRange(min = 1, max = 4) Long> shapes) {
        int n = Math.min(strides.size(), shapes.size());
        long[] d = new long[n];
        long[] s = new long[n];
        for (int k = 0; k < n; k++) {
            d[k] = strides.get(k);
            s[k] = shapes.get(k);
        }
        int[] order = ModeOrder.identity(n);
        ModeOrder.sort(order, n, ModeOrder.byStrideThenShape(s, d));
        Integer[] want = new Integer[n];
        for (int k = 0; k < n; k++) want[k] = k;
        Arrays.sort(want, Comparator.<Integer>comparingLong(k -> d[k]).thenComparingLong(k -> s[k])); // stable
        assertArrayEquals(Arrays.stream(want).mapToInt(Integer::intValue).toArray(), order);
    }

    @Test
    void sortByStrideKeepsEqualStridesInOrder() {
        long[] s = {2, 3, 4, 5};
        long[] d = {8, 1, 8, 0};
        ModeOrder.sortByStride(s, d, 4);
        assertArrayEquals(new long[] {5, 3, 2, 4}, s);
        assertArrayEquals(new long[] {0, 1, 8, 8}, d);
    }
}
