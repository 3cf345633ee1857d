package org.layoutcat.gpu.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.layoutcat.core.swizzle.BankConflicts;

/**
 * A bank-conflict pattern's predicted wavefronts next to what the GPU measured: per block size, the cycles per warp
 * instruction (medians of repeated runs), and the ratio to the conflict-free reference of the same load width, which
 * the prediction says should be {@code wavefronts / reference wavefronts}.
 *
 * @param pattern   the instruction
 * @param predicted {@link BankConflicts}'s count
 * @param reference the wavefronts of the conflict-free reference of the same width
 * @param timings   the measurements, one per block size (empty when there was no GPU)
 */
public record BankRow(BankPattern pattern, BankConflicts predicted, int reference, List<Timing> timings) {

    public BankRow {
        timings = List.copyOf(timings);
    }

    /**
     * One block size's measurement.
     *
     * @param warps   warps in the block, each running the pattern
     * @param cycles  SM cycles per warp instruction, one value per run
     * @param clockGhz clock64 cycles over event-timed nanoseconds of the same runs: a lower bound on the SM clock
     *                 (the events include the launch), a sanity check
     * @param check   the outcome of checking the loaded values and the sums against the fill pattern
     */
    public record Timing(int warps, DescriptiveStatistics cycles, double clockGhz, String check) {
        public double median() {
            return cycles.getPercentile(50);
        }

        public boolean passed() {
            return check.startsWith("ok");
        }
    }

    /** The predicted ratio to the reference: {@code wavefronts / reference}. */
    public double predictedRatio() {
        return (double) predicted.wavefronts() / reference;
    }

    /** The measurement with {@code warps} warps, or null. */
    public Timing timing(int warps) {
        for (Timing t : timings) if (t.warps() == warps) return t;
        return null;
    }

    /**
     * A Markdown table: one line per row, the predicted wavefronts and ratio, and per block size the median cycles per
     * warp instruction and its ratio to the row {@code references} gives for the same width and block size.
     */
    public static String table(List<BankRow> rows, List<BankRow> references) {
        Set<Integer> warps = new LinkedHashSet<>();
        for (BankRow r : rows) for (Timing t : r.timings) warps.add(t.warps());
        StringBuilder sb = new StringBuilder();
        List<String> head = new ArrayList<>(List.of("pattern", "smem", "access", "elem B", "wavefronts (min)", "predicted ×ref"));
        for (int w : warps) {
            head.add("cycles/instr, " + w + (w == 1 ? " warp" : " warps"));
            head.add("measured ×ref");
        }
        sb.append("| ").append(String.join(" | ", head)).append(" |\n");
        sb.append("|").append("---|".repeat(4)).append("---:|".repeat(head.size() - 4)).append('\n');
        for (BankRow r : rows) {
            List<String> cells = new ArrayList<>();
            cells.add(r.pattern.name());
            cells.add("`" + r.pattern.smem() + "`");
            cells.add("`" + r.pattern.access() + "`");
            cells.add(Integer.toString(r.pattern.elementBytes()));
            cells.add(r.predicted.wavefronts() + " (" + r.predicted.minimum() + ")");
            cells.add(ratio(r.predictedRatio()));
            for (int w : warps) {
                Timing t = r.timing(w);
                Timing ref = referenceTiming(references, r.predicted.vectorBytes(), w);
                if (t == null) {
                    cells.add("");
                    cells.add("");
                } else {
                    cells.add(String.format(Locale.ROOT, "%.2f", t.median()) + (t.passed() ? "" : " WRONG"));
                    cells.add(ref == null ? "" : ratio(t.median() / ref.median()));
                }
            }
            sb.append("| ").append(String.join(" | ", cells)).append(" |\n");
        }
        return sb.toString();
    }

    private static Timing referenceTiming(List<BankRow> references, int vectorBytes, int warps) {
        for (BankRow r : references) if (r.predicted.vectorBytes() == vectorBytes) return r.timing(warps);
        return null;
    }

    private static String ratio(double x) {
        return String.format(Locale.ROOT, x >= 9.995 ? "%.1f" : "%.2f", x);
    }
}
