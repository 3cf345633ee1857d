package org.layoutcat.cli;

/**
 * What an operation answers: a result in CuTe notation, and the engine that computed it where the operation
 * has several ({@code null} otherwise).
 */
public record Answer(String result, String engine) {
    public static Answer of(Object result) {
        return new Answer(String.valueOf(result), null);
    }
}
