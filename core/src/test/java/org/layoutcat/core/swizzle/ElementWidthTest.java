package org.layoutcat.core.swizzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.layoutcat.core.AnyLayout;
import org.layoutcat.core.LayoutArgumentException;

/**
 * Issue 34, item 3: one element width. A layout in CuTe's pointer form {@code smem_ptr[Nb]} carries its width, with
 * which its swizzle of byte addresses was read (as element offsets, M less log2 of N/8); {@link
 * BankConflicts#elementBytes(AnyLayout, int)} answers that width, refuses another given one naming both, and takes the
 * given one from a layout that carries none.
 */
class ElementWidthTest {

    @Test
    void aPointersWidthIsTheElementsWidth() {
        AnyLayout pointer = AnyLayout.parse("Sw<3,4,3> o smem_ptr[32b](unset) o (8,32):(32,1)");
        assertEquals(4, BankConflicts.pointerBytes(pointer));
        assertEquals(4, BankConflicts.elementBytes(pointer, 0));
        assertEquals(4, BankConflicts.elementBytes(pointer, 4));
        LayoutArgumentException two = assertThrows(LayoutArgumentException.class, () -> BankConflicts.elementBytes(pointer, 2));
        assertTrue(two.getMessage().contains("2 bytes") && two.getMessage().contains("smem_ptr[32b]"), two.getMessage());
        assertEquals(1, BankConflicts.elementBytes(AnyLayout.parse("Sw<3,4,3> o smem_ptr[8b](unset) o (8,128):(128,1)"), 0));
    }

    @Test
    void aLayoutWithoutAPointerTakesTheGivenWidth() {
        AnyLayout offsets = AnyLayout.parse("Sw<3,3,3> o 0 o (8,64):(64,1)");
        assertEquals(0, BankConflicts.pointerBytes(offsets));
        assertEquals(2, BankConflicts.elementBytes(offsets, 2));
        assertEquals(8, BankConflicts.elementBytes(AnyLayout.parse("(8,64):(64,1)"), 8));
        LayoutArgumentException none = assertThrows(LayoutArgumentException.class, () -> BankConflicts.elementBytes(offsets, 0));
        assertTrue(none.getMessage().contains("element's bytes are needed"), none.getMessage());
        assertThrows(LayoutArgumentException.class, () -> BankConflicts.elementBytes(offsets, 3));
    }
}
