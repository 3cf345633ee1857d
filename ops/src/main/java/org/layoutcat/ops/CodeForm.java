package org.layoutcat.ops;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An operation's form in CuTe C++ or CuTe DSL, as data: the call, the expression of each reply part in terms of its
 * result {@code r}, and the lines that must come first; or the reason the operation has no such form. A writer
 * ({@code org.layoutcat.ops.code.CodeWriter}) turns a form, the request's arguments and layoutcat's answer into a
 * self-contained test.
 *
 * <p>Templates name the arguments by their parameters' names in braces: {@code {A}} is a variable declared from the
 * argument's value, {@code {N:literal}} the value written in place (an integer as a number), {@code {N:int}} an
 * integer as a bare number (a template argument), {@code {N:indices}} mode indices as {@code 0,2},
 * {@code {N:tensor}} a layout as a tensor of the indices it holds, {@code {N:type}} the C++ type of the value (a
 * number of bits as its element type, {@code uint16_t}; an atom as its operation's type,
 * {@code SM80_CP_ASYNC_CACHEALWAYS<uint32_t>}) and {@code {N:name}} a choice by its name ({@code SW128}). A template
 * with an optional argument keeps the part in {@code ⟦...⟧} only where the request gave it:
 * {@code coalesce({L}⟦, {profile}⟧)}; a slot {@code {N:how=v}} writes the number v where the optional N was left out
 * ({@code Copy_Atom<{copy:type}, {bits:type=1}>}: one-bit elements, the atom's layouts in bits).
 *
 * <p>A check's expression is C++ (or Python) over the result {@code r} and the names the setup lines declare.
 */
public sealed interface CodeForm permits CodeForm.Call, CodeForm.None {

    /** No form, and why. */
    record None(String reason) implements CodeForm {}

    /**
     * A call and the checks of its answer.
     *
     * @param headers CUTLASS headers the call needs beside {@code <cute/tensor.hpp>} (include paths)
     * @param setup  lines before the call, after the arguments' variables (templates)
     * @param call   the expression whose value is {@code r} (a template)
     * @param checks the check of each reply part, by its key ({@link Field#RESULT} and the entry's fields), in terms of
     *               {@code r}; a part not named here is not checked (its value has no counterpart in code: a name, a PTX
     *               line)
     */
    record Call(List<String> headers, List<String> setup, String call, Map<Field<?>, Check> checks) implements CodeForm {
        public Call {
            headers = List.copyOf(headers);
            setup = List.copyOf(setup);
            checks = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(checks));
        }

        /** This form with one more reply part checked at compile time. */
        public Call check(Field<?> part, String expr) {
            return with(part, new Check(expr, When.COMPILE, null));
        }

        /** This form with one more reply part checked when the test runs (a tensor's pointer, say). */
        public Call checkAtRun(Field<?> part, String expr) {
            return with(part, new Check(expr, When.RUN, null));
        }

        /**
         * This form with one more reply part checked as a value of the layout argument {@code layout}: an integer, or
         * where that layout has scaled-basis strides, CuTe's arithmetic tuple compared position by position.
         */
        public Call checkValue(Field<?> part, String expr, String layout, When when) {
            return with(part, new Check(expr, when, layout));
        }

        /**
         * This form with the result checked as an identity layout: its strides written as CuTe's basis elements of
         * its shape ({@code make_basis_like}), {@code E<>} for an integral shape, as {@code make_identity_layout} makes
         * them.
         */
        public Call checkIdentity(Field<?> part, String expr) {
            return with(part, new Check(expr, When.COMPILE, IDENTITY));
        }

        /** This form with lines before the call. */
        public Call after(String... lines) {
            return new Call(headers, List.of(lines), call, checks);
        }

        /** This form including CUTLASS headers beside CuTe's ({@code cutlass/detail/sm100_blockscaled_layout.hpp}). */
        public Call including(String... paths) {
            return new Call(List.of(paths), setup, call, checks);
        }

        private Call with(Field<?> part, Check c) {
            Map<Field<?>, Check> m = new LinkedHashMap<>(checks);
            m.put(part, c);
            return new Call(headers, setup, call, m);
        }
    }

    /**
     * The check of one reply part.
     *
     * @param expr    its expression in terms of {@code r}
     * @param when    when its value is known
     * @param valueOf where the value is one of a layout argument's values, that argument's name; else null
     */
    record Check(String expr, When when, String valueOf) {}

    /** The {@link Check#valueOf} of a check whose expected value is written as an identity layout. */
    String IDENTITY = "<identity>";

    /** When a checked value is known: at compile time (a static assertion) or only when the test runs. */
    enum When { COMPILE, RUN }

    /** {@code r = call}, its result checked at compile time. */
    static Call call(String call) {
        return new Call(List.of(), List.of(), call, Map.of(Field.RESULT, new Check("r", When.COMPILE, null)));
    }

    /** {@code r = call}, no part checked yet: the form names the checks. */
    static Call callChecking(String call) {
        return new Call(List.of(), List.of(), call, Map.of());
    }

    /** No form, because {@code reason}. */
    static None none(String reason) {
        return new None(reason);
    }
}
