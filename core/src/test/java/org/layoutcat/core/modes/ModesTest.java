package org.layoutcat.core.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.Layout;

/**
 * select, group, append, prepend. Golden values: CuTe C++ (CUTLASS main, {@code cute/layout.hpp}) printed by a host
 * program compiled here with static integers.
 */
class ModesTest {
    private static final Layout L = Layout.parse("(2,3,4):(1,2,6)");

    @Test
    void modeOperationsAgreeWithCuTe() {
        assertEquals("(2,4):(1,6)", Modes.select(L, 0, 2).toString());
        assertEquals("(3):(2)", Modes.select(L, 1).toString());
        assertEquals("(4,2):(6,1)", Modes.select(L, 2, 0).toString());
        assertEquals("(2,(3,4),5):(1,(2,6),24)", Modes.group(Layout.parse("(2,3,4,5)"), 1, 3).toString());
        assertEquals("((2,3),4):((1,2),6)", Modes.group(L, 0, 2).toString());
        assertEquals("(2,3,4,5):(1,2,6,24)", Modes.append(L, Layout.parse("5:24")).toString());
        assertEquals("(2,3,4,1):(1,2,6,0)", Modes.append(L, Layout.TRIVIAL).toString());
        assertEquals("(4,2):(1,4)", Modes.append(Layout.parse("4:1"), Layout.parse("2:4")).toString());
        assertEquals("(5,2,3,4):(24,1,2,6)", Modes.prepend(L, Layout.parse("5:24")).toString());
        assertEquals("(2,4):(4,1)", Modes.prepend(Layout.parse("4:1"), Layout.parse("2:4")).toString());
    }

    @Test
    void outOfRangeModesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Modes.select(L, 3));
        assertThrows(IllegalArgumentException.class, () -> Modes.group(L, 2, 2));
        assertThrows(IllegalArgumentException.class, () -> Modes.group(L, 0, 4));
    }
}
