package org.layoutcat.diagrams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The palette stays legible and distinct for readers with the common colour-vision deficiencies. Every measure is
 * computed from its definition: sRGB (IEC 61966-2-1), CIELAB under D65, CIEDE2000 (checked against the test pairs of
 * Sharma, Wu and Dalal 2005), the dichromacies as Machado, Oliveira and Fernandes (2009) simulate them at severity 1,
 * and WCAG 2's contrast ratio.
 */
class PaletteTest {

    /** Machado et al. 2009, Table 1 at severity 1.0: linear RGB to the dichromat's linear RGB. */
    static final Map<String, double[][]> VISION = Map.of(
            "normal", new double[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
            "protanopia", new double[][] {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
            "deuteranopia", new double[][] {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
            "tritanopia", new double[][] {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}});

    @Test
    void ciede2000AgreesWithSharmaWuDalalsTestPairs() {
        assertEquals(2.0425, de2000(new double[] {50, 2.6772, -79.7751}, new double[] {50, 0, -82.7485}), 5e-5);
        assertEquals(2.3669, de2000(new double[] {50, 0, 0}, new double[] {50, -1, 2}), 5e-5);
        assertEquals(4.3065, de2000(new double[] {50, 2.5, 0}, new double[] {50, 0, -2.5}), 5e-5);
        assertEquals(27.1492, de2000(new double[] {50, 2.5, 0}, new double[] {73, 25, -18}), 5e-5);
        assertEquals(1.2644, de2000(new double[] {60.2574, -34.0099, 36.2677}, new double[] {60.4626, -34.1751, 39.4387}), 5e-5);
    }

    @Test
    void everyTwoColoursStayDistinctUnderEachDichromacy() {
        for (var v : VISION.entrySet()) {
            for (int i = 0; i < Palette.size(); i++) {
                for (int j = i + 1; j < Palette.size(); j++) {
                    double[] a = lab(simulate(v.getValue(), Palette.fill(i))), b = lab(simulate(v.getValue(), Palette.fill(j)));
                    String pair = v.getKey() + ": " + Palette.fill(i) + " and " + Palette.fill(j);
                    assertTrue(de2000(a, b) >= 7.4, pair + " are " + de2000(a, b) + " ΔE2000 apart");
                    assertTrue(de76(a, b) >= 10, pair + " are " + de76(a, b) + " ΔE (1976) apart");
                }
            }
        }
    }

    @Test
    void everyColourStandsApartFromThePaperOfEmptyCells() {
        for (var v : VISION.entrySet()) {
            double[] paper = lab(simulate(v.getValue(), Style.PAPER));
            for (int i = 0; i < Palette.size(); i++) {
                double d = de2000(lab(simulate(v.getValue(), Palette.fill(i))), paper);
                assertTrue(d >= 12, v.getKey() + ": " + Palette.fill(i) + " is " + d + " ΔE2000 from the paper");
            }
        }
    }

    @Test
    void darkTextOnEveryColourMeetsWcagsContrastForSmallText() {
        for (int i = 0; i < Palette.size(); i++) {
            double ratio = contrast(Palette.fill(i), Style.INK);
            assertTrue(ratio >= 6, Palette.fill(i) + " under " + Style.INK + ": " + ratio + " (WCAG AA asks 4.5)");
        }
    }

    @Test
    void theBeforePaletteFailedWhereTheIssueSaid() {
        // the measure reproduces the issue's figure for the colours it replaced: teal and pink 3.8 ΔE apart under deuteranopia
        double[][] d = VISION.get("deuteranopia");
        assertEquals(3.84, de76(lab(simulate(d, "#8dd3c7")), lab(simulate(d, "#f7b6d2"))), 0.01);
    }

    // ---- the definitions

    static double[] linear(String hex) {
        double[] c = new double[3];
        for (int k = 0; k < 3; k++) {
            double s = Integer.parseInt(hex.substring(1 + 2 * k, 3 + 2 * k), 16) / 255.0;
            c[k] = s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
        }
        return c;
    }

    static double[] simulate(double[][] m, String hex) {
        double[] c = linear(hex), out = new double[3];
        for (int r = 0; r < 3; r++) out[r] = Math.clamp(m[r][0] * c[0] + m[r][1] * c[1] + m[r][2] * c[2], 0, 1);
        return out;
    }

    /** Linear sRGB to CIELAB, D65 white. */
    static double[] lab(double[] rgb) {
        double[][] xyz = {{0.4124564, 0.3575761, 0.1804375}, {0.2126729, 0.7151522, 0.0721750}, {0.0193339, 0.1191920, 0.9503041}};
        double[] white = {0.95047, 1.0, 1.08883}, f = new double[3];
        for (int r = 0; r < 3; r++) {
            double t = (xyz[r][0] * rgb[0] + xyz[r][1] * rgb[1] + xyz[r][2] * rgb[2]) / white[r];
            f[r] = t > Math.pow(6 / 29.0, 3) ? Math.cbrt(t) : t / (3 * Math.pow(6 / 29.0, 2)) + 4 / 29.0;
        }
        return new double[] {116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])};
    }

    static double de76(double[] a, double[] b) {
        return Math.sqrt(Math.pow(a[0] - b[0], 2) + Math.pow(a[1] - b[1], 2) + Math.pow(a[2] - b[2], 2));
    }

    /** CIEDE2000 with kL = kC = kH = 1 (Sharma, Wu and Dalal 2005, equations 1 to 22). */
    static double de2000(double[] x, double[] y) {
        double c1 = Math.hypot(x[1], x[2]), c2 = Math.hypot(y[1], y[2]), cm = (c1 + c2) / 2;
        double g = 0.5 * (1 - Math.sqrt(Math.pow(cm, 7) / (Math.pow(cm, 7) + Math.pow(25, 7))));
        double a1 = (1 + g) * x[1], a2 = (1 + g) * y[1];
        double c1p = Math.hypot(a1, x[2]), c2p = Math.hypot(a2, y[2]);
        double h1 = c1p == 0 ? 0 : (Math.toDegrees(Math.atan2(x[2], a1)) + 360) % 360;
        double h2 = c2p == 0 ? 0 : (Math.toDegrees(Math.atan2(y[2], a2)) + 360) % 360;
        double dl = y[0] - x[0], dc = c2p - c1p;
        double dh = c1p * c2p == 0 ? 0 : h2 - h1 > 180 ? h2 - h1 - 360 : h2 - h1 < -180 ? h2 - h1 + 360 : h2 - h1;
        double dH = 2 * Math.sqrt(c1p * c2p) * Math.sin(Math.toRadians(dh / 2));
        double lm = (x[0] + y[0]) / 2, cmp = (c1p + c2p) / 2;
        double hm = c1p * c2p == 0 ? h1 + h2 : Math.abs(h1 - h2) <= 180 ? (h1 + h2) / 2 : h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
        double t = 1 - 0.17 * Math.cos(Math.toRadians(hm - 30)) + 0.24 * Math.cos(Math.toRadians(2 * hm))
                + 0.32 * Math.cos(Math.toRadians(3 * hm + 6)) - 0.20 * Math.cos(Math.toRadians(4 * hm - 63));
        double dTheta = 30 * Math.exp(-Math.pow((hm - 275) / 25, 2));
        double rc = 2 * Math.sqrt(Math.pow(cmp, 7) / (Math.pow(cmp, 7) + Math.pow(25, 7)));
        double sl = 1 + 0.015 * Math.pow(lm - 50, 2) / Math.sqrt(20 + Math.pow(lm - 50, 2)), sc = 1 + 0.045 * cmp, sh = 1 + 0.015 * cmp * t;
        double rt = -Math.sin(Math.toRadians(2 * dTheta)) * rc;
        return Math.sqrt(Math.pow(dl / sl, 2) + Math.pow(dc / sc, 2) + Math.pow(dH / sh, 2) + rt * (dc / sc) * (dH / sh));
    }

    /** WCAG 2's contrast ratio of two sRGB colours: (L1 + 0.05) / (L2 + 0.05), L the relative luminance. */
    static double contrast(String a, String b) {
        double la = luminance(a), lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    static double luminance(String hex) {
        double[] c = linear(hex);
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    }
}
