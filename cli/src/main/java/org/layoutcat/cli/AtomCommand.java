package org.layoutcat.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.layoutcat.ops.Request;
import org.layoutcat.core.atom.Atoms;
import org.layoutcat.core.atom.CopyAtom;
import org.layoutcat.core.atom.MmaAtom;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code layoutcat atom [NAME] [--atoms 2x2x1] [--permute P]}: the catalog, one atom's TV layouts, or a tiled MMA's
 * (the batch ops {@code mma_atom}, {@code copy_atom} and {@code tiled_mma}, printed one field a line).
 */
@Command(name = "atom", description = "Tensor-core atoms: the catalog, an atom's TV layouts, or a tiled MMA's (--atoms, --permute).")
final class AtomCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "CuTe's name of an MMA or copy atom; none lists the catalog")
    String name;

    @Option(names = "--atoms", paramLabel = "MxNxK", description = "tile the MMA atom: atom layout, e.g. 2x2x1 or (2,2,1):(2,1,0)")
    String atoms;

    @Option(names = "--permute", paramLabel = "P", description = "the tiled MMA's permutation, e.g. <32,32,16>")
    String permute;

    @Option(names = "--bits", paramLabel = "N", description = "a copy atom's layouts in elements of N bits (default: bits)")
    Integer bits;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (name == null) {
            for (MmaAtom a : Atoms.mmaAtoms()) System.out.println(a.name() + "  " + a.ptx());
            // the SM100 UMMA catalog by family (thousands of atoms: each family's template, its M, N and K)
            for (String family : Atoms.ummaFamilies()) System.out.println(family);
            for (MmaAtom a : Atoms.sm120Atoms()) System.out.println(a.type() + "  " + a.ptx());
            for (CopyAtom c : Atoms.copyAtoms()) System.out.println(c.name() + "  " + c.ptx());
            return 0;
        }
        Main.require(spec, bits == null || (bits >= 1 && bits <= 128), "--bits: values of 1 to 128 bits, not " + bits);
        boolean copy = Atoms.copyAtoms().stream().anyMatch(c -> c.name().equals(name.trim()));
        List<String> args = new ArrayList<>(List.of(name));
        if (copy && (atoms != null || permute != null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), (atoms != null ? "--atoms" : "--permute")
                    + " tiles an MMA atom; " + name.trim() + " is a copy atom (tile it with the op tiled_copy)");
        }
        if (!copy && bits != null && isMma(name)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--bits gives a copy atom's layouts in elements of N bits; "
                    + name.trim() + " is an MMA atom, whose layouts are in its own elements");
        }
        if (copy) {
            if (bits != null) args.add(String.valueOf(bits));
            return Main.answer("atom", new Request("copy_atom", args, "auto"));
        }
        if (atoms == null && permute == null) return Main.answer("atom", new Request("mma_atom", args, "auto"));
        args.add(atoms == null ? "1x1x1" : atoms);
        if (permute != null) args.add(permute);
        return Main.answer("atom", new Request("tiled_mma", args, "auto"));
    }

    /** True for the name of an MMA atom of the catalog, the whole GMMA catalog included. */
    private static boolean isMma(String name) {
        return Atoms.findMma(name).isPresent();
    }
}
