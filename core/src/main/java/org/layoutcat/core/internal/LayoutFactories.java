package org.layoutcat.core.internal;

/**
 * Where {@code Layout} hands over its array factories when its class initializes (the JDK's shared-secrets
 * pattern), for {@link FlatLayouts} to build layouts from flat arrays without copying them twice. It does not name
 * {@code Layout}, so that {@code Layout} and the kernels that use its factories import each other in no circle:
 * {@code Layout → LayoutFactories ← FlatLayouts → Layout}. Not public API.
 */
public final class LayoutFactories {
    private LayoutFactories() {}

    /** Layout's array factories; see {@link FlatLayouts}, whose methods say what each does. */
    public interface Factories<L> {
        L refiningShapeOf(L like, int[] counts, long[] shape, long[] stride, int n);

        L flat(long[] shape, long[] stride, int n);

        L spliceModes(L l, int mask);

        int notationLength(L l);

        int writeNotation(L l, byte[] dst, int at);
    }

    // Written once, by Layout's static initializer, before any Layout exists; read after Layout is initialized,
    // which the class-initialization lock orders after that write.
    private static Factories<?> installed;

    /** Called once, by {@code Layout}'s static initializer. */
    public static void install(Factories<?> f) {
        if (installed != null) throw new IllegalStateException("Layout's factories are installed once");
        installed = f;
    }

    /** The factories installed; the caller has initialized {@code Layout}, which installs them. */
    static Factories<?> installed() {
        return installed;
    }
}
