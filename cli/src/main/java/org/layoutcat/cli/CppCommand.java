package org.layoutcat.cli;

import org.layoutcat.ops.code.CodeWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code layoutcat cpp OP ARGS}: the operation and layoutcat's answer as a CuTe C++ test, or CuTe DSL with {@code --dsl}. */
@Command(name = "cpp", description = "A self-contained CuTe C++ test asserting layoutcat's answer to a batch op (--dsl: CuTe DSL).")
final class CppCommand implements Callable<Integer> {
    @Parameters(index = "0", description = "the operation's name, e.g. composition") String name;
    @Parameters(index = "1..*", arity = "0..*", description = "its arguments") List<String> args = new ArrayList<>();
    @Option(names = "--dsl", description = "print the CuTe DSL (Python) equivalent") boolean dsl;
    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        String op = Main.operation(spec, name, args.size()).name(); // an unknown name or a wrong count: a usage error
        System.out.print(dsl ? CodeWriter.dsl(op, args) : CodeWriter.cpp(op, args));
        return 0;
    }
}
