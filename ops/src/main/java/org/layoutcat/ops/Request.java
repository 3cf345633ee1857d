package org.layoutcat.ops;

import java.util.List;

/**
 * One request of the batch format: an operation, its arguments as text, and the engine asked for.
 *
 * @param op     CuTe's name of the operation, e.g. {@code composition}
 * @param args   the arguments in CuTe notation (layouts, tilers, integers, tuples)
 * @param engine {@code auto}, {@code cute} or {@code category}
 */
public record Request(String op, List<String> args, String engine) {
    public Request {
        args = List.copyOf(args);
        if (engine == null) engine = "auto";
    }

    public static Request of(String op, String... args) {
        return new Request(op, List.of(args), "auto");
    }

    public String arg(int i) {
        return args.get(i);
    }
}
