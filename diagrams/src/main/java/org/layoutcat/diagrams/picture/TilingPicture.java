package org.layoutcat.diagrams.picture;

import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.layoutcat.core.Layout;
import org.layoutcat.core.Tiler;
import org.layoutcat.core.algebra.Divide;
import org.layoutcat.core.algebra.Product;
import org.layoutcat.diagrams.Diagram;

/**
 * Divide and product tilings, coloured per tile as in CuTe's documentation figures.
 *
 * <p>Divide: A ⊘ B = A ∘ (B, comp(B, size A)) splits the domain of A into tiles of B's shape. The panels show A with
 * each cell coloured by the tile that takes it, and the divided layout in the asked form (logical, zipped, tiled,
 * flat) with the same colours. The tile of A's index k is read off {@code zipped_divide(colMajor(shape A), B)}, which
 * maps (element, tile) to k itself: composition depends on A's shape only, and a compact A is the identity on its
 * domain.
 *
 * <p>Product: A ⊗ B = (A, comp(A, size(A)·cosize(B)) ∘ B) repeats A once per element of B. The panels show A, B and
 * the product in the asked form (logical, zipped, tiled, flat, blocked, raked), each cell coloured by the copy of A
 * it belongs to. The copy of index x is R*(x) div size(A) = B(b) for R* the same product of the compact
 * {@code colMajor(shape A)}, whose complement is {@code cosize(B):size(A)}; B's cells carry the same colours.
 */
public final class TilingPicture {
    private TilingPicture() {}

    /** The forms of divide. */
    public enum DivideKind {
        LOGICAL, ZIPPED, TILED, FLAT;

        /** CuTe's name, e.g. {@code zipped_divide}. */
        public String cuteName() {
            return name().toLowerCase(Locale.ROOT) + "_divide";
        }

        Layout apply(Layout a, Tiler b) {
            return switch (this) {
                case LOGICAL -> Divide.logicalDivide(a, b);
                case ZIPPED -> Divide.zippedDivide(a, b);
                case TILED -> Divide.tiledDivide(a, b);
                case FLAT -> Divide.flatDivide(a, b);
            };
        }

        /**
         * Parses {@code logical}, {@code zipped}, {@code tiled}, {@code flat}.
         *
         * @throws IllegalArgumentException for a text none of logical, zipped, tiled, flat (any case)
         */
        public static DivideKind parse(String s) {
            for (DivideKind k : values()) if (k.name().equalsIgnoreCase(s)) return k;
            throw new IllegalArgumentException("divide kind '" + s + "' is none of logical, zipped, tiled, flat");
        }
    }

    /** The forms of product. */
    public enum ProductKind {
        LOGICAL, ZIPPED, TILED, FLAT, BLOCKED, RAKED;

        /** CuTe's name, e.g. {@code blocked_product}. */
        public String cuteName() {
            return name().toLowerCase(Locale.ROOT) + "_product";
        }

        Layout apply(Layout a, Layout b) {
            return switch (this) {
                case LOGICAL -> Product.logicalProduct(a, b);
                case ZIPPED -> Product.zippedProduct(a, b);
                case TILED -> Product.tiledProduct(a, b);
                case FLAT -> Product.flatProduct(a, b);
                case BLOCKED -> Product.blockedProduct(a, b);
                case RAKED -> Product.rakedProduct(a, b);
            };
        }

        /**
         * Parses {@code logical}, {@code zipped}, {@code tiled}, {@code flat}, {@code blocked}, {@code raked}.
         *
         * @throws IllegalArgumentException for a text none of logical, zipped, tiled, flat, blocked, raked (any case)
         */
        public static ProductKind parse(String s) {
            for (ProductKind k : values()) if (k.name().equalsIgnoreCase(s)) return k;
            throw new IllegalArgumentException("product kind '" + s + "' is none of logical, zipped, tiled, flat, blocked, raked");
        }
    }

    /**
     * The tile of each index of A's domain under the divide by B: {@code tile[k]} is the tile that takes index k
     * (−1 for none).
     *
     * @throws IllegalArgumentException where A has more than 65,536 elements; LayoutArgumentException where the zipped
     *         divide is refused (see {@link Divide#zippedDivide})
     */
    public static long[] tilesOf(Layout a, Tiler b) {
        long n = a.size();
        if (n > Grid.MAX_CELLS) throw new IllegalArgumentException(a + " has " + n + " elements, too many to draw (limit " + Grid.MAX_CELLS + ")");
        Layout z = Divide.zippedDivide(Layout.colMajor(a.shape()), b);
        long tileSize = z.mode(0).size();
        long[] tile = new long[(int) n];
        java.util.Arrays.fill(tile, -1);
        for (long x = 0; x < z.size(); x++) {
            long k = z.apply(x);
            if (k >= 0 && k < n) tile[(int) k] = x / tileSize;
        }
        return tile;
    }

    /**
     * The divide picture: A coloured by tile, and {@code kind}_divide(A, B) coloured alike.
     *
     * @throws IllegalArgumentException where a grid has more cells than a picture draws (65,536);
     *         LayoutArgumentException where the divide is refused (see {@link Divide#logicalDivide})
     */
    public static Diagram divide(Layout a, Tiler b, DivideKind kind) {
        return divide(a, b, kind, null);
    }

    /**
     * The divide picture under the given title (null: {@code kind_divide(A, B) for A = ..., B = ...}).
     *
     * @throws IllegalArgumentException where a grid has more cells than a picture draws (65,536);
     *         LayoutArgumentException where the divide is refused (see {@link Divide#logicalDivide})
     */
    public static Diagram divide(Layout a, Tiler b, DivideKind kind, String title) {
        Layout r = kind.apply(a, b);
        long[] tile = tilesOf(a, b);
        Layout index = kind.apply(Layout.colMajor(a.shape()), b);
        String name = kind.cuteName() + "(A, B)";
        Diagram left = LayoutPicture.of(a, (i, row, col, o) -> tile[(int) i], "A = " + a);
        Diagram right = LayoutPicture.of(r, (i, row, col, o) -> {
            long k = index.apply(i);
            return k >= 0 && k < tile.length ? tile[(int) k] : -1;
        }, name);
        return Panels.arrange(title != null ? title : name + " for A = " + a + ", B = " + b, List.of("= " + r), List.of(List.of(
                new Panels.Panel("A, coloured by tile", left),
                new Panels.Panel(name + ", same colours", right))));
    }

    /**
     * The product picture: A, B coloured by offset, and {@code kind}_product(A, B) coloured by copy of A.
     *
     * @throws IllegalArgumentException for a by-mode tiler B, or where a grid has more cells than a picture draws
     *         (65,536); LayoutArgumentException where the product is refused (see {@link Product#logicalProduct})
     */
    public static Diagram product(Layout a, Tiler b, ProductKind kind) {
        return product(a, b, kind, null);
    }

    /**
     * The product picture under the given title (null: {@code kind_product(A, B) for A = ..., B = ...}).
     *
     * @throws IllegalArgumentException for a by-mode tiler B, or where a grid has more cells than a picture draws
     *         (65,536); LayoutArgumentException where the product is refused (see {@link Product#logicalProduct})
     */
    public static Diagram product(Layout a, Tiler b, ProductKind kind, String title) {
        if (!(b instanceof Layout lb)) {
            throw new IllegalArgumentException("the product picture needs a layout B, not the by-mode tiler " + b);
        }
        Layout r = kind.apply(a, lb);
        Layout index = kind.apply(Layout.colMajor(a.shape()), lb);
        if (index.size() != r.size()) {
            throw new IllegalStateException(kind.cuteName() + " of the compact " + Layout.colMajor(a.shape()) + " has size "
                    + index.size() + ", not " + r.size());
        }
        long n = a.size();
        TreeSet<Long> offsets = new TreeSet<>();
        for (long j = 0; j < lb.size(); j++) offsets.add(lb.apply(j));
        java.util.Map<Long, Long> rank = new java.util.HashMap<>();
        for (long o : offsets) rank.put(o, (long) rank.size());
        String name = kind.cuteName() + "(A, B)";
        Diagram pa = LayoutPicture.of(a, LayoutPicture.ColourBy.NONE, "A = " + a);
        Diagram pb = LayoutPicture.of(lb, (i, row, col, o) -> rank.getOrDefault(o, -1L), "B = " + lb);
        Diagram pr = LayoutPicture.of(r, (i, row, col, o) -> rank.getOrDefault(Math.floorDiv(index.apply(i), n), -1L), name);
        return Panels.arrange(title != null ? title : name + " for A = " + a + ", B = " + lb, List.of("= " + r), List.of(
                List.of(new Panels.Panel("A, the tile", pa), new Panels.Panel("B, where the copies go", pb)),
                List.of(new Panels.Panel(name + ", coloured by copy of A", pr))));
    }
}
