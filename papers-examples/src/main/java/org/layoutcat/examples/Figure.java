package org.layoutcat.examples;

import java.util.List;

/**
 * The picture that fits an example, named as the CLI names it: {@code layoutcat draw KIND ARGS}. The catalog
 * stays data; the gallery renders figures through the diagrams module.
 *
 * @param kind one of {@code layout, tv, coords, divide, product, morphism, refinement, compose, mma, copy, banks}
 * @param args the arguments in CuTe notation
 */
public record Figure(String kind, List<String> args) {
    public Figure {
        args = List.copyOf(args);
    }

    public static Figure of(String kind, String... args) {
        return new Figure(kind, List.of(args));
    }

    public static Figure layout(String l) {
        return of("layout", l);
    }

    public static Figure coords(String l) {
        return of("coords", l);
    }
}
