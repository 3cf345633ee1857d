package org.layoutcat.gpu;

import java.util.Locale;
import java.util.function.Consumer;
import org.layoutcat.gpu.cpu.CpuBackend;
import org.layoutcat.gpu.cuda.CudaBackend;

/**
 * Chooses a backend: {@code gpu} (CUDA through the driver API; fails with a clear message when there is no
 * driver or no GPU), {@code cpu}, or {@code auto} (the GPU when one can be opened, else the CPU with a one-line
 * notice saying why).
 */
public final class Backends {
    private Backends() {}

    /** The backend choices of {@code --backend}. */
    public enum Choice {
        AUTO, GPU, CPU;

        /**
         * Parses {@code auto}, {@code gpu} or {@code cpu} (any case).
         *
         * @throws IllegalArgumentException for a text other than auto, gpu or cpu (any case, spaces around ignored)
         */
        public static Choice parse(String text) {
            try {
                return valueOf(text.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("backend '" + text + "': expected auto, gpu or cpu");
            }
        }
    }

    /**
     * Opens the chosen backend. For {@code auto} without a usable GPU, {@code notice} receives one line, e.g.
     * {@code "layoutcat: no GPU (libcuda.so.1 not found); using the CPU backend"}. For {@code gpu} without one,
     * an IllegalStateException says what is missing.
     *
     * @throws IllegalStateException for {@code gpu} where no CUDA GPU can be opened, saying what is missing
     */
    public static Backend open(Choice choice, Consumer<String> notice) {
        switch (choice) {
            case CPU:
                return CpuBackend.create();
            case GPU:
                return CudaBackend.open();
            default:
                try {
                    return CudaBackend.open();
                } catch (IllegalStateException e) {
                    notice.accept("layoutcat: " + e.getMessage() + "; using the CPU backend");
                    return CpuBackend.create();
                }
        }
    }

    /** True when a CUDA GPU can be opened here (the driver loads and reports a device). */
    public static boolean gpuAvailable() {
        return CudaBackend.availability() == null;
    }
}
