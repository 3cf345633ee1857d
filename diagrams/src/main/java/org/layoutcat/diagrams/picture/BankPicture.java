package org.layoutcat.diagrams.picture;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.function.LongUnaryOperator;
import org.layoutcat.core.ComposedLayout;
import org.layoutcat.core.IntTuple;
import org.layoutcat.core.Layout;
import org.layoutcat.core.swizzle.BankConflicts;
import org.layoutcat.diagrams.Box;
import org.layoutcat.diagrams.Diagram;
import org.layoutcat.diagrams.DiagramNode;
import org.layoutcat.diagrams.Point;
import org.layoutcat.diagrams.Scene;
import org.layoutcat.diagrams.Style;

/**
 * One instruction's shared-memory accesses against the 32 banks, counted by {@link BankConflicts} (the CUDA
 * guide's rules): a column per bank and a row per wavefront, phase after phase (accesses of up to 4 bytes are one
 * phase of the whole warp, 8-byte accesses two half warps, 16-byte accesses four quarter warps). Within a phase each
 * bank's distinct words go down its column one per wavefront, in word order (the hardware's own order is not
 * documented), each cell naming the thread that touches the word ({@code T3}; {@code T3+2} when two more threads
 * read the same word, one broadcast) and the element it reads there. A phase takes as many rows as its fullest bank
 * holds words, so the picture has as many rows as the instruction has wavefronts. A bank holding several distinct
 * words in one phase, a conflict, is outlined in red; the caption gives the wavefronts against the fewest possible
 * and the conflict degree.
 */
public final class BankPicture {
    private BankPicture() {}

    /**
     * The banks of {@code access} into the plain layout {@code smem} of {@code elementBytes}-byte elements:
     * {@code access} maps thread t (mode 0) and value v (mode 1) to an index of smem, each thread's values one
     * vector. {@code vectorBytes} 0 takes the vector as the values' bytes; given where each thread has one value, each
     * thread accesses that many bytes from its element (as {@code ld.shared.v4} does); title null: the default.
     *
     * @throws IllegalArgumentException where an element is not 1, 2, 4, 8 or 16 bytes, the vector is neither 0 nor one
     *         of those, or {@link BankConflicts} refuses the accesses (see {@link BankConflicts#of}, {@link
     *         BankConflicts#vectorized})
     */
    public static Diagram of(Layout smem, int elementBytes, Layout access, int vectorBytes, String title) {
        return draw(smem.toString(), smem::apply, elementBytes, access, vectorBytes, title);
    }

    /**
     * The banks of {@code access} into the composed layout {@code smem}, as {@link #of(Layout, int, Layout, int,
     * String)}.
     *
     * @throws IllegalArgumentException where an element is not 1, 2, 4, 8 or 16 bytes, the vector is neither 0 nor one
     *         of those, or {@link BankConflicts} refuses the accesses (see {@link BankConflicts#of}, {@link
     *         BankConflicts#vectorized}), or where the composed layout takes a negative offset
     */
    public static Diagram of(ComposedLayout smem, int elementBytes, Layout access, int vectorBytes, String title) {
        return draw(smem.toString(), smem::apply, elementBytes, access, vectorBytes, title);
    }

    /** The accesses as {@link BankConflicts} reads them, and what they were written as. */
    private record Instruction(LongUnaryOperator smem, Layout access, String note) {}

    /** The accesses as {@link BankConflicts#vectorized} reads them, with a note where the vector widened them. */
    private static Instruction instruction(LongUnaryOperator smem, int elementBytes, Layout access, int vectorBytes) {
        BankConflicts.Access a = BankConflicts.vectorized(smem, elementBytes, access, vectorBytes);
        String note = a.access() == access ? null
                : "each thread reads " + vectorBytes + " bytes from its element (--vector " + vectorBytes + ")";
        return new Instruction(a.smem(), a.access(), note);
    }

    /** A cell of the picture: the word a bank serves in one wavefront, the threads touching it, the first one's element. */
    private record Slot(long word, List<Integer> threads, long element) {}

    private static Diagram draw(String smemName, LongUnaryOperator smem, int elementBytes, Layout access, int vectorBytes,
            String title) {
        Banks.elementBytes(elementBytes);
        if (vectorBytes != 0 && (vectorBytes < 1 || vectorBytes > 16 || Integer.bitCount(vectorBytes) != 1)) {
            throw new IllegalArgumentException("a vector of " + vectorBytes + " bytes: a thread accesses 1, 2, 4, 8 or 16 bytes at once");
        }
        Instruction in = instruction(smem, elementBytes, access, vectorBytes);
        BankConflicts count;
        List<BankConflicts.Phase> phases;
        try {
            count = BankConflicts.of(in.smem(), elementBytes, in.access());
            phases = BankConflicts.phases(in.smem(), elementBytes, in.access());
        } catch (IllegalArgumentException e) {
            throw in.note() == null ? e : new IllegalArgumentException(in.note() + ": " + e.getMessage(), e);
        }
        return draw(title != null ? title : "shared-memory banks of " + access + " into " + smemName, in.note(), elementBytes, count, phases);
    }

    /**
     * The worst instruction of a whole stage ({@link BankConflicts#stage}): the warp instruction with the most
     * wavefronts over its minimum, drawn as one instruction is, the stage's totals in the caption.
     *
     * @throws IllegalArgumentException where the stage is refused (see {@link BankConflicts#stage})
     */
    public static Diagram worstOfStage(String smemName, java.util.function.LongUnaryOperator smem, int elementBytes, Layout access, String title) {
        return worstOfStage(smemName, smem, elementBytes, access, 32, title);
    }

    /**
     * The same, each warp instruction giving the addresses of its first {@code lanes} lanes (8 and 16 for
     * {@code ldmatrix}/{@code stmatrix .x1/.x2}), as {@link BankConflicts#stage} counts them.
     *
     * @throws IllegalArgumentException where the stage is refused (see {@link BankConflicts#stage})
     */
    public static Diagram worstOfStage(String smemName, java.util.function.LongUnaryOperator smem, int elementBytes, Layout access, int lanes,
            String title) {
        Banks.elementBytes(elementBytes);
        BankConflicts.Indexed ix = BankConflicts.indexed(access, lanes);
        BankConflicts.Stage stage = BankConflicts.stage(smem, elementBytes, ix);
        BankConflicts.Stage.Instruction w = stage.worst();
        int at = stage.instructions().indexOf(w);
        List<Long> addresses = BankConflicts.stageAddresses(smem, elementBytes, ix).get(at);
        int vector = w.conflicts().vectorBytes();
        String note = "the worst of the stage's " + stage.instructions().size() + " warp instructions: warp " + w.warp() + ", instruction "
                + w.index() + "; the stage needs " + stage.wavefronts() + " wavefronts, at least " + stage.minimum();
        return draw(title != null ? title : "shared-memory banks of " + access + " into " + smemName, note, elementBytes,
                BankConflicts.ofAddresses(addresses, vector, elementBytes), BankConflicts.phasesOfAddresses(addresses, vector));
    }

    private static Diagram draw(String heading, String inNote, int elementBytes, BankConflicts count, List<BankConflicts.Phase> phases) {

        // the slots, row by row: phase p takes rows first[p] .. first[p] + wavefronts(p) − 1
        int rows = 0;
        int[] first = new int[phases.size()];
        for (int p = 0; p < phases.size(); p++) {
            first[p] = rows;
            rows += phases.get(p).wavefronts();
        }
        if (rows != count.wavefronts()) {
            throw new IllegalStateException("the phases of " + heading + " take " + rows + " wavefronts, the count " + count.wavefronts());
        }
        Slot[][] slots = new Slot[rows][BankConflicts.BANKS];
        for (int p = 0; p < phases.size(); p++) {
            BankConflicts.Phase phase = phases.get(p);
            for (int b = 0; b < BankConflicts.BANKS; b++) {
                int j = 0;
                for (Map.Entry<Long, List<Integer>> w : phase.banks().get(b).entrySet()) {
                    long address = phase.addresses().get(w.getValue().get(0) - phase.firstThread());
                    long element = Math.max(address, w.getKey() * BankConflicts.WORD) / elementBytes;
                    slots[first[p] + j++][b] = new Slot(w.getKey(), w.getValue(), element);
                }
            }
        }

        // the grid: phase labels on the left, then wavefront numbers, bank numbers on top
        double phaseW = 0;
        for (BankConflicts.Phase phase : phases) phaseW = Math.max(phaseW, Style.textWidth(threads(phase), Style.LABEL));
        phaseW = Math.ceil(Math.max(phaseW, Style.textWidth("phase " + (phases.size() - 1), Style.LABEL)) + 12);
        List<String> lines = new ArrayList<>();
        lines.add(heading);
        lines.add(count.threads() + " threads, " + count.vectorBytes() + "-byte accesses of " + elementBytes + "-byte elements"
                + (inNote != null ? " (" + inNote + ")" : "") + ", served in " + phases.size() + " phase" + (phases.size() == 1 ? "" : "s")
                + (count.vectorBytes() <= 4 ? " (the whole warp at once)" : count.vectorBytes() == 8 ? " (half warps of 16 threads)"
                : " (quarter warps of 8 threads)"));
        lines.add(caption(count));
        lines.add("columns: banks; rows: wavefronts, phase by phase; cell: the thread touching the bank's word (T3+2: and 2 more"
                + " threads, one broadcast) and the element e it reads there; red: a bank with several distinct words in one phase");

        Sketch g = new Sketch();
        double x0 = Style.MARGIN + phaseW + 4;
        Box box = Grid.draw(g, "", x0, 0, Grid.Axis.of(IntTuple.of(rows), "wavefront"), Grid.Axis.of(IntTuple.of(BankConflicts.BANKS), "bank"),
                new Grid.Cells() {
                    @Override
                    public List<String> lines(long r, long b) {
                        Slot s = slots[(int) r][(int) b];
                        if (s == null) return List.of();
                        int more = s.threads().size() - 1;
                        return List.of("T" + s.threads().get(0) + (more > 0 ? "+" + more : ""), "e" + s.element());
                    }

                    @Override
                    public long colour(long r, long b) {
                        Slot s = slots[(int) r][(int) b];
                        return s == null ? -1 : s.threads().get(0);
                    }
                });
        Map<String, Box> cells = new HashMap<>();
        for (DiagramNode n : g.nodes()) if (n.kind() == DiagramNode.Kind.CELL) cells.put(n.id(), n.box());
        double gridRight = box.right();
        for (int p = 0; p < phases.size(); p++) {
            BankConflicts.Phase phase = phases.get(p);
            Box top = cells.get("cell." + first[p] + ".0");
            Box bottom = cells.get("cell." + (first[p] + phase.wavefronts() - 1) + ".0");
            Box label = new Box(Style.MARGIN, top.y(), phaseW, bottom.bottom() - top.y());
            g.scene.add(new Scene.Rect(label, Style.HEADER_FILL, Style.FRAME, 0.8, 0, false, true));
            g.scene.add(new Scene.Text(label.centerX(), label.centerY() - 7, "phase " + p, Style.LABEL, Scene.Anchor.MIDDLE, Style.INK, true));
            g.scene.add(new Scene.Text(label.centerX(), label.centerY() + 7, threads(phase), Style.LABEL, Scene.Anchor.MIDDLE, Style.MUTED, false));
            g.node("phase." + p, DiagramNode.Kind.HEADER, "phase " + p + ": " + threads(phase), label);
            if (p > 0) g.scene.line(new Point(Style.MARGIN, top.y()), new Point(gridRight, top.y()), Style.INK, 1.6);
            for (int b = 0; b < BankConflicts.BANKS; b++) {
                SortedMap<Long, List<Integer>> words = phase.banks().get(b);
                if (words.size() < 2) continue;
                Box a = cells.get("cell." + first[p] + "." + b);
                Box z = cells.get("cell." + (first[p] + words.size() - 1) + "." + b);
                g.scene.add(new Scene.Rect(new Box(a.x() + 1, a.y() + 1, a.w() - 2, z.bottom() - a.y() - 2), "none", Style.ALERT, 2.2, 0,
                        false, false));
            }
        }

        double contentW = gridRight + Style.MARGIN;
        List<Sketch.TitleLine> block = Sketch.wrap(lines, Math.max(contentW, Sketch.MIN_TITLE_WIDTH));
        Sketch k = new Sketch();
        double top = k.titles(block, Style.MARGIN) + 8;
        k.include(g, 0, top);
        return k.build(lines.get(0), Math.max(contentW, Sketch.titlesWidth(block)), top + box.bottom() + Style.MARGIN);
    }

    /** "T0–7": a phase's threads. */
    private static String threads(BankConflicts.Phase phase) {
        int last = phase.firstThread() + phase.addresses().size() - 1;
        return last == phase.firstThread() ? "T" + last : "T" + phase.firstThread() + "–" + last;
    }

    /** "wavefronts 8, minimum 1: conflict degree 8-way; bank 0 holds 8 distinct words in one phase", or "…: no bank conflict". */
    static String caption(BankConflicts c) {
        String head = "wavefronts " + c.wavefronts() + ", minimum " + c.minimum() + ": ";
        if (c.worstBank() < 0) return head + "no bank conflict";
        double d = c.degree();
        String degree = d == Math.floor(d) ? (long) d + "-way" : String.format(java.util.Locale.ROOT, "%.2f", d);
        return head + "conflict degree " + degree + "; bank " + c.worstBank() + " holds " + c.collisions().size()
                + " distinct words in one phase";
    }
}
