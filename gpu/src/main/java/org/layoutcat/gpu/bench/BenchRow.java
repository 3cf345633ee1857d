package org.layoutcat.gpu.bench;

import java.util.Locale;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/**
 * One benchmark: repeated timings of one operation, with the bytes it must move through memory (each input read
 * once, each output written once) and the number of items (offsets, elements or points) it produces.
 *
 * @param name     what ran, e.g. {@code realize (16384,16384):(16384,1) u32}
 * @param items    offsets, elements or points per run
 * @param bytes    bytes read plus bytes written per run (0 for compare, which moves none)
 * @param times    the timings in milliseconds
 * @param note     a remark for the table (a check's outcome, a kernel variant), may be empty
 */
public record BenchRow(String name, long items, long bytes, DescriptiveStatistics times, String note) {

    public double medianMs() {
        return times.getPercentile(50);
    }

    public double p10Ms() {
        return times.getPercentile(10);
    }

    public double p90Ms() {
        return times.getPercentile(90);
    }

    /** Bytes read plus written per second at the median, in GB/s (10^9). */
    public double gigabytesPerSecond() {
        return bytes / (medianMs() * 1e-3) / 1e9;
    }

    /** Items per second at the median. */
    public double itemsPerSecond() {
        return items / (medianMs() * 1e-3);
    }

    /** This row's bandwidth as a fraction of {@code reference}'s. */
    public double fractionOf(BenchRow reference) {
        return gigabytesPerSecond() / reference.gigabytesPerSecond();
    }

    /** Timings of {@code runs} repeated calls of {@code body} measured by {@code clock} (milliseconds each). */
    public static DescriptiveStatistics sample(int runs, java.util.function.DoubleSupplier clock) {
        DescriptiveStatistics s = new DescriptiveStatistics();
        for (int i = 0; i < runs; i++) s.addValue(clock.getAsDouble());
        return s;
    }

    /** The row as a table line (see {@link #header()}); {@code reference} null leaves the fraction empty. */
    public String line(BenchRow reference) {
        String frac = reference == null || bytes == 0 ? "" : String.format(Locale.ROOT, "%5.1f%%", 100 * fractionOf(reference));
        return String.format(Locale.ROOT, "%-58s %12d %9.3f %9.3f %9.3f %9s %10s %7s  %s", name, items, medianMs(), p10Ms(), p90Ms(),
                bytes == 0 ? "" : String.format(Locale.ROOT, "%.1f", gigabytesPerSecond()), si(itemsPerSecond()), frac, note);
    }

    public static String header() {
        return String.format(Locale.ROOT, "%-58s %12s %9s %9s %9s %9s %10s %7s  %s", "operation", "items", "median ms", "p10 ms", "p90 ms",
                "GB/s", "items/s", "of ref", "note");
    }

    private static String si(double v) {
        if (v >= 1e12) return String.format(Locale.ROOT, "%.2fT", v / 1e12);
        if (v >= 1e9) return String.format(Locale.ROOT, "%.2fG", v / 1e9);
        if (v >= 1e6) return String.format(Locale.ROOT, "%.2fM", v / 1e6);
        return String.format(Locale.ROOT, "%.0f", v);
    }
}
