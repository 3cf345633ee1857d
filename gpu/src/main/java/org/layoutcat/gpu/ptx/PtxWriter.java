package org.layoutcat.gpu.ptx;

import java.util.Locale;

/**
 * Appends PTX instructions to a kernel body and hands out virtual registers ({@code %r}, {@code %rd}, {@code %p});
 * {@link #declarations()} declares as many as were used. ptxas allocates the real registers.
 */
final class PtxWriter {
    private final StringBuilder body = new StringBuilder();
    private int r32;
    private int r64;
    private int preds;
    private int labels;

    /** A fresh register of the width's type. */
    String reg(Width w) {
        return w == Width.W32 ? "%r" + (++r32) : "%rd" + (++r64);
    }

    String reg32() {
        return reg(Width.W32);
    }

    String reg64() {
        return reg(Width.W64);
    }

    String pred() {
        return "%p" + (++preds);
    }

    String label(String stem) {
        return "$L_" + stem + "_" + (++labels);
    }

    /** One instruction; {@code ;} is appended. */
    PtxWriter op(String format, Object... args) {
        body.append('\t').append(String.format(Locale.ROOT, format, args)).append(";\n");
        return this;
    }

    PtxWriter place(String label) {
        body.append(label).append(":\n");
        return this;
    }

    PtxWriter comment(String text) {
        body.append("\t// ").append(text).append('\n');
        return this;
    }

    PtxWriter raw(String text) {
        body.append(text);
        return this;
    }

    String declarations() {
        return "\t.reg .pred %p<" + (preds + 1) + ">;\n"
                + "\t.reg .b32 %r<" + (r32 + 1) + ">;\n"
                + "\t.reg .b64 %rd<" + (r64 + 1) + ">;\n";
    }

    String body() {
        return body.toString();
    }
}
