package org.layoutcat.cli;

import java.util.Locale;
import java.util.concurrent.Callable;
import org.layoutcat.core.Layout;
import org.layoutcat.core.algebra.Coalesce;
import org.layoutcat.core.algebra.Composition;
import org.layoutcat.gpu.Backend;
import org.layoutcat.gpu.Backends;
import org.layoutcat.gpu.Comparison;
import org.layoutcat.gpu.LayoutChain;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code layoutcat check …}: cross-checks the engine's results by direct evaluation on a backend. */
@Command(name = "check", description = "Cross-check the engine's results by direct evaluation over whole domains.",
        subcommands = {CheckCommand.Compose.class})
final class CheckCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        CommandLine.usage(this, System.out);
        return 0;
    }

    /**
     * {@code check compose A B}: computes {@code R = A∘B} with the engine and counts the {@code i ∈ [0, size B)} where
     * {@code R(i) ≠ A(B(i))}, {@code A} and {@code B} evaluated directly (CuTe's layout functions, the last mode
     * unbounded), on the GPU or the CPU, without materializing the domain. Exit code 1 when a point differs.
     */
    @Command(name = "compose", description = "Check R = A∘B against A(B(i)) at every i in [0, size B): points, mismatches, time.")
    static final class Compose implements Callable<Integer> {
        @Parameters(index = "0", description = "A, the layout applied second") String a;
        @Parameters(index = "1", description = "B, the layout applied first") String b;
        @Option(names = "--backend", defaultValue = "auto", converter = GpuCommand.BackendChoice.class, description = "auto (GPU if present), gpu or cpu") Backends.Choice backend;
        @Option(names = "--points", description = "check [0, N) instead of [0, size B)") Long points;

        @Override
        public Integer call() {
            Layout la = Layout.parse(a);
            Layout lb = Layout.parse(b);
            Layout r = Composition.compose(la, lb);
            long n = points == null ? lb.size() : points;
            LayoutChain lhs = LayoutChain.of(r);
            // A is evaluated through coalesce(A): the same function on [0, size A), and past it the extension
            // (the last coalesced mode unbounded) that CuTe's composition is defined by.
            Layout extended = Coalesce.coalesce(la);
            LayoutChain rhs = LayoutChain.composite(extended, lb);
            try (Backend be = Backends.open(backend, System.err::println)) {
                System.out.println("backend   " + be.description());
                System.out.println("R = A∘B   " + r);
                if (!extended.equals(la)) System.out.println("A read as " + extended + " (coalesced: same function on [0," + la.size() + "), CuTe's extension past it)");
                long t0 = System.nanoTime();
                Comparison c = be.compare(lhs, rhs, n);
                double s = (System.nanoTime() - t0) / 1e9;
                System.out.printf(Locale.ROOT, "checked   R(i) = A(B(i)) for i in [0,%d): %d points, %d mismatches, %.3f s%s%n",
                        n, c.points(), c.mismatches(), s, rate(c.points(), s));
                if (!c.agrees()) {
                    long i = c.first();
                    long bi = lb.apply(i);
                    System.out.printf(Locale.ROOT, "first     i = %d: R(i) = %d, B(i) = %d, A(B(i)) = %d%s%n", i, r.apply(i), bi, extended.apply(bi),
                            bi >= la.size() ? " (B(i) ≥ size A = " + la.size() + ")" : "");
                    return 1;
                }
                return 0;
            }
        }
    }

    /**
     * The rate of a check, where it is long enough to mean one: a check of a few points takes the time of starting
     * it (36 points in 0.027 s are not 1,330 points/s), so under 0.1 s none is given.
     */
    static String rate(long points, double seconds) {
        return seconds < 0.1 ? "" : String.format(Locale.ROOT, " (%.3g points/s)", points / seconds);
    }
}
