package org.layoutcat.ops.batch;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.layoutcat.ops.Request;

/**
 * One request line of the batch mode decoded: where its id is (its JSON text as sent) and the request, or why the
 * line holds none, in this project's words.
 *
 * <p>Jackson's streaming parser is the definition ({@link #jackson}): it reads every line that is JSON and words
 * every one that is not. Most lines are a flat object of plain strings, integers and an array of them, and a
 * Jackson parser per line costs more than many of the answers (about 400 ns for the 168-byte lines of the shared
 * oracle file, against about 180 ns for the scan below, string ends found 8 bytes a step ({@link Swar}), development
 * machine, 2026-11-25). So {@link #decode} first scans the line for exactly that shape ({@link #plain}: strict
 * JSON, no escape in the op, the arguments or the engine, no nesting but an array of scalars, a known engine); any
 * line the scan does not take whole goes to Jackson, so both paths give the same reply to every line they both read
 * (property-tested on the batch fuzzer's lines and on a generator of JSON of every shape, mutated).
 *
 * @param id      the bytes that hold the id as sent, or null where the line has none (or is read no further)
 * @param idFrom  where the id starts in {@code id}
 * @param idTo    where it ends
 * @param request the request, or null where the line holds none
 * @param error   why the line holds no request, or null
 */
public record RequestLine(byte[] id, int idFrom, int idTo, Request request, String error) {
    private static final JsonFactory JSON = new JsonFactory();

    private static RequestLine refused(byte[] id, int idFrom, int idTo, String error) {
        return new RequestLine(id, idFrom, idTo, null, error);
    }

    /** The request of the line {@code b[from, to)} (its ending excluded), or why there is none. */
    static RequestLine decode(byte[] b, int from, int to) {
        String bad = invalidUtf8(b, from, to);
        if (bad != null) return refused(null, 0, 0, bad);
        RequestLine r = plain(b, from, to);
        return r != null ? r : jackson(b, from, to);
    }

    // ---- the scan of plain lines -------------------------------------------------------------------------------

    private static final int ABSENT = -1;
    /** The longest number the scan reads (Jackson words numbers past its limit of 1000 digits). */
    private static final int MAX_DIGITS = 100;

    /**
     * The request of a plain line, or null where the line is anything else: an object whose members are strings,
     * JSON numbers, {@code true}, {@code false}, {@code null} or arrays of those; {@code "op"} a string and
     * {@code "args"} an array of strings and integers, both without escapes, {@code "engine"} null or one of the
     * engines (the id and the other members may hold escapes, which are checked, not decoded). Where a member
     * repeats, the last one counts, as with Jackson.
     */
    static RequestLine plain(byte[] b, int from, int to) {
        int i = ws(b, from, to);
        if (i >= to || b[i] != '{') return null;
        int idFrom = ABSENT, idTo = ABSENT;
        String op = null, engine = null;
        List<String> args = null;
        i = ws(b, i + 1, to);
        while (true) {
            if (i >= to || b[i] != '"') return null; // also '}' right after '{': no op, which Jackson words
            int key = i + 1;
            int keyEnd = stringEnd(b, key, to);
            if (keyEnd < 0) return null;
            i = ws(b, keyEnd + 1, to);
            if (i >= to || b[i] != ':') return null;
            i = ws(b, i + 1, to);
            if (i >= to) return null;
            int end;
            if (is(b, key, keyEnd, "op")) {
                if (b[i] != '"' || (end = stringEnd(b, i + 1, to)) < 0) return null;
                op = text(b, i + 1, end);
                end++;
            } else if (is(b, key, keyEnd, "args")) {
                if (b[i] != '[') return null;
                args = new ArrayList<>(3);
                end = args(b, i, to, args);
            } else if (is(b, key, keyEnd, "engine")) {
                if (b[i] == '"') {
                    if ((end = stringEnd(b, i + 1, to)) < 0) return null;
                    if (!is(b, i + 1, end, "auto") && !is(b, i + 1, end, "cute") && !is(b, i + 1, end, "category")) return null;
                    engine = text(b, i + 1, end);
                    end++;
                } else if ((end = literal(b, i, to, "null")) < 0) {
                    return null;
                }
            } else {
                end = value(b, i, to, true);
                if (end >= 0 && is(b, key, keyEnd, "id")) {
                    idFrom = i;
                    idTo = end;
                }
            }
            if (end < 0) return null;
            i = ws(b, end, to);
            if (i >= to) return null;
            if (b[i] == '}') break;
            if (b[i] != ',') return null;
            i = ws(b, i + 1, to);
        }
        if (ws(b, i + 1, to) != to || op == null) return null;
        return new RequestLine(idFrom == ABSENT ? null : b, idFrom, idTo, new Request(op, args == null ? List.of() : args, engine), null);
    }

    /**
     * Where the id of a line is when it is the line's first member ({@code {"id": 7, ...}}), read from the line's
     * first bytes {@code b[from, to)} alone: {@code {idFrom, idTo}}, or null where the line does not start so, or the
     * id is not a whole JSON scalar (a string with its escapes checked, a number, true, false, null) of valid UTF-8.
     * For the refusal of a line too long to read whole.
     */
    static int[] leadingId(byte[] b, int from, int to) {
        int i = ws(b, from, to);
        if (i >= to || b[i] != '{') return null;
        i = ws(b, i + 1, to);
        if (i >= to || b[i] != '"') return null;
        int keyEnd = stringEnd(b, i + 1, to);
        if (keyEnd < 0 || !is(b, i + 1, keyEnd, "id")) return null;
        i = ws(b, keyEnd + 1, to);
        if (i >= to || b[i] != ':') return null;
        i = ws(b, i + 1, to);
        if (i >= to) return null;
        int end = value(b, i, to, false);
        if (end < 0 || (end >= to && b[i] != '"') || invalidUtf8(b, i, end) != null) return null; // a number or literal cut by the prefix's end is no id
        return new int[] {i, end};
    }

    /** The elements of the array at {@code b[i] = '['}, strings and integers, added to {@code out}; the end, or -1. */
    private static int args(byte[] b, int i, int to, List<String> out) {
        return array(b, i, to, (x, at, end) -> argument(x, at, end, out));
    }

    /** The string or integer at {@code i}, added to {@code out}; its end, or -1. */
    private static int argument(byte[] b, int i, int to, List<String> out) {
        int end;
        if (b[i] == '"') {
            if ((end = stringEnd(b, i + 1, to)) < 0) return -1;
            out.add(text(b, i + 1, end));
            return end + 1;
        }
        if ((end = number(b, i, to)) < 0 || !isInteger(b, i, end)) return -1;
        out.add(new String(b, i, end - i, StandardCharsets.ISO_8859_1));
        return end;
    }

    /**
     * The end of the scalar (or, where {@code arrays}, the array of scalars) at {@code i}, or -1; its strings may
     * hold escapes, which are checked, not decoded (an id is echoed as sent, other members are the caller's).
     */
    private static int value(byte[] b, int i, int to, boolean arrays) {
        byte c = b[i];
        if (c == '"') {
            int end = escapedStringEnd(b, i + 1, to);
            return end < 0 ? -1 : end + 1;
        }
        if (c == '-' || (c >= '0' && c <= '9')) return number(b, i, to);
        if (c == 't') return literal(b, i, to, "true");
        if (c == 'f') return literal(b, i, to, "false");
        if (c == 'n') return literal(b, i, to, "null");
        if (c != '[' || !arrays) return -1;
        return array(b, i, to, (x, at, end) -> value(x, at, end, false));
    }

    /** Reads one element of an array at {@code b[i]}; its end, or -1. */
    private interface Element {
        int read(byte[] b, int i, int to);
    }

    /** The end of the array at {@code b[i] = '['}, each element read by {@code element}, or -1. */
    private static int array(byte[] b, int i, int to, Element element) {
        i = ws(b, i + 1, to);
        if (i < to && b[i] == ']') return i + 1;
        while (i < to) {
            int end = element.read(b, i, to);
            if (end < 0) return -1;
            i = ws(b, end, to);
            if (i >= to) return -1;
            if (b[i] == ']') return i + 1;
            if (b[i] != ',') return -1;
            i = ws(b, i + 1, to);
        }
        return -1;
    }

    /** The closing quote of the string whose text starts at {@code i}, or -1 at an escape, a control byte or the end. */
    private static int stringEnd(byte[] b, int i, int to) {
        i = Swar.stringSpecial(b, i, to);
        return i < to && b[i] == '"' ? i : -1;
    }

    /**
     * The closing quote of the string whose text starts at {@code i}, its escapes checked (a backslash and one of
     * {@code " \ / b f n r t}, or {@code u} and four hex digits), or -1 at a bad escape, a control byte or the end.
     */
    private static int escapedStringEnd(byte[] b, int i, int to) {
        for (; i < to; i++) {
            i = Swar.stringSpecial(b, i, to);
            if (i >= to) return -1;
            byte c = b[i];
            if (c == '"') return i;
            if (c != '\\') return -1; // a control byte
            if (++i >= to) return -1;
            switch (b[i]) {
                case '"', '\\', '/', 'b', 'f', 'n', 'r', 't' -> { }
                case 'u' -> {
                    if (i + 4 >= to) return -1;
                    for (int k = 1; k <= 4; k++) if (Character.digit(b[i + k], 16) < 0) return -1;
                    i += 4;
                }
                default -> {
                    return -1;
                }
            }
        }
        return -1;
    }

    /** The end of the JSON number at {@code i} ({@code -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?}), or -1. */
    private static int number(byte[] b, int i, int to) {
        int start = i;
        if (i < to && b[i] == '-') i++;
        if (i >= to || !digit(b[i])) return -1;
        if (b[i] == '0') i++;
        else while (i < to && digit(b[i])) i++;
        if (i < to && b[i] == '.') {
            int d = ++i;
            while (i < to && digit(b[i])) i++;
            if (i == d) return -1;
        }
        if (i < to && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            if (i < to && (b[i] == '+' || b[i] == '-')) i++;
            int d = i;
            while (i < to && digit(b[i])) i++;
            if (i == d) return -1;
        }
        if (i - start > MAX_DIGITS) return -1;
        if (i < to && (b[i] >= 'a' && b[i] <= 'z' || b[i] >= 'A' && b[i] <= 'Z' || b[i] == '_')) return -1; // 12abc
        return i;
    }

    private static boolean isInteger(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) if (b[i] == '.' || b[i] == 'e' || b[i] == 'E') return false;
        return true;
    }

    private static boolean digit(byte c) {
        return c >= '0' && c <= '9';
    }

    /** The end of {@code word} at {@code i} where it stands there whole, or -1. */
    private static int literal(byte[] b, int i, int to, String word) {
        int end = i + word.length();
        if (end > to || !is(b, i, end, word)) return -1;
        if (end < to && (b[end] >= 'a' && b[end] <= 'z' || b[end] >= 'A' && b[end] <= 'Z' || digit(b[end]))) return -1;
        return end;
    }

    /** True where {@code b[from, to)} is the ASCII text {@code s}. */
    private static boolean is(byte[] b, int from, int to, String s) {
        if (to - from != s.length()) return false;
        for (int k = 0; k < s.length(); k++) if (b[from + k] != s.charAt(k)) return false;
        return true;
    }

    /** The first position at or after {@code i} that is not JSON white space (space, tab, CR, LF), or {@code to}. */
    private static int ws(byte[] b, int i, int to) {
        while (i < to) {
            byte c = b[i];
            if (c != ' ' && c != '\t' && c != '\r' && c != '\n') return i;
            i++;
        }
        return to;
    }

    /** The text of a string without escapes (the line is valid UTF-8). */
    private static String text(byte[] b, int from, int to) {
        return new String(b, from, to - from, StandardCharsets.UTF_8); // the JDK copies ASCII as it is
    }

    // ---- Jackson: every other line --------------------------------------------------------------------------

    /** The request of any line, read by Jackson's streaming parser (no tree), or why the line holds none. */
    static RequestLine jackson(byte[] b, int from, int to) {
        byte[] rawId = null;
        int idFrom = 0, idTo = 0;
        String op = null;
        List<String> args = null;
        String engine = null;
        Problems problems = new Problems();
        try (JsonParser p = JSON.createParser(b, from, to - from)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return refused(null, 0, 0, "a request is a JSON object {\"id\": ..., \"op\": ..., \"args\": [...]}, got: "
                        + abbreviate(b, from, to));
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                switch (field) {
                    case "id" -> {
                        int start = from + (int) p.currentTokenLocation().getByteOffset();
                        if (value.isScalarValue()) p.getText(); // read the whole value
                        else p.skipChildren();
                        rawId = b;
                        idFrom = start;
                        idTo = from + (int) p.currentLocation().getByteOffset();
                    }
                    case "op" -> {
                        if (value != JsonToken.VALUE_STRING) problems.fail("the request has no \"op\" string (the name of an operation)");
                        else op = p.getText();
                        p.skipChildren();
                    }
                    case "args" -> args = args(p, value, problems);
                    case "engine" -> {
                        if (value == JsonToken.VALUE_NULL) break;
                        if (value != JsonToken.VALUE_STRING) {
                            problems.fail("\"engine\" must be a string: auto, cute or category");
                            p.skipChildren();
                        } else {
                            engine = p.getText();
                            if (!engine.equals("auto") && !engine.equals("cute") && !engine.equals("category")) {
                                problems.fail("unknown engine \"" + engine + "\"; engines: auto, cute, category");
                            }
                        }
                    }
                    default -> p.skipChildren(); // other fields are the caller's
                }
            }
            if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null) {
                problems.fail("the line holds more than one JSON object");
            }
        } catch (StreamConstraintsException e) {
            String m = String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT);
            return refused(rawId, idFrom, idTo, m.contains("depth") ? "the request's JSON is nested deeper than the 1000 levels the batch mode reads"
                    : m.contains("number") ? "a number in the request has more than the 1000 digits the batch mode reads"
                    : "a string in the request is longer than the 20,000,000 characters the batch mode reads");
        } catch (IOException e) {
            return refused(rawId, idFrom, idTo, malformed(b, from, to, e));
        }
        if (problems.badArg > 0 && problems.error == null) {
            problems.error = "argument " + problems.badArg + (op == null ? "" : " of " + op)
                    + " must be a string in CuTe notation or an integer, got " + problems.badValue;
        }
        if (problems.error != null) return refused(rawId, idFrom, idTo, problems.error);
        if (op == null) return refused(rawId, idFrom, idTo, "the request has no \"op\" string (the name of an operation)");
        return new RequestLine(rawId, idFrom, idTo, new Request(op, args == null ? List.of() : args, engine), null);
    }

    /** What is wrong with a request read so far: the first error, and the first argument that is no string or integer. */
    private static final class Problems {
        String error;
        int badArg; // from 1, or 0
        String badValue;

        void fail(String why) {
            if (error == null) error = why;
        }
    }

    private static List<String> args(JsonParser p, JsonToken value, Problems r) throws IOException {
        if (value != JsonToken.START_ARRAY) {
            r.fail("\"args\" must be an array of strings in CuTe notation (or integers)");
            p.skipChildren();
            return null;
        }
        List<String> list = new ArrayList<>();
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t == JsonToken.VALUE_STRING || t == JsonToken.VALUE_NUMBER_INT) {
                list.add(p.getText());
            } else {
                if (r.badArg == 0) {
                    r.badArg = list.size() + 1;
                    r.badValue = t == JsonToken.START_ARRAY ? "an array" : t == JsonToken.START_OBJECT ? "an object"
                            : p.getText().length() > 40 ? p.getText().substring(0, 40) + "…" : p.getText();
                }
                p.skipChildren();
                list.add("");
            }
        }
        return list;
    }

    /** Why a line is not JSON, in this project's words: where reading stopped and what was found there. */
    private static String malformed(byte[] b, int from, int to, IOException e) {
        long at = e instanceof com.fasterxml.jackson.core.JsonProcessingException j && j.getLocation() != null
                ? j.getLocation().getByteOffset() : -1;
        int n = to - from;
        if (at < 0 || at > n) at = n;
        String found;
        if (at >= n) {
            found = "the line ends inside a value";
        } else {
            int c = b[from + (int) at] & 0xFF;
            found = c < 0x20 ? "a control character (code " + c + ") where JSON allows none"
                    : c < 0x80 ? "unexpected '" + (char) c + "'" : "unexpected non-ASCII text";
        }
        return "malformed JSON line at byte " + (at + 1) + ": " + found;
    }

    private static String abbreviate(byte[] b, int from, int to) {
        String s = new String(b, from, Math.min(to - from, 120), StandardCharsets.UTF_8);
        return to - from <= 80 ? s : s.substring(0, Math.min(s.length(), 77)) + "...";
    }

    // ---- UTF-8 ------------------------------------------------------------------------------------------------

    /**
     * Null where {@code b[from, to)} is valid UTF-8, else why not, naming the first byte that starts no sequence or
     * cannot continue one. One pass of the JDK's decoder, which stops at the first malformed input with its position.
     */
    static String invalidUtf8(byte[] b, int from, int to) {
        if (Swar.isAscii(b, from, to)) return null;
        ByteBuffer in = ByteBuffer.wrap(b, from, to - from);
        CoderResult r = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(in, CharBuffer.allocate(to - from), true);
        if (!r.isError()) return null;
        int at = in.position();
        return "the line is not valid UTF-8 (byte 0x" + String.format("%02X", b[at] & 0xFF) + " at byte " + (at - from + 1) + ")";
    }
}
