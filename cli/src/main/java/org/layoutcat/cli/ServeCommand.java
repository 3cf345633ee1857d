package org.layoutcat.cli;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.layoutcat.explorer.Explorer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code layoutcat serve [--port N] [--bind ADDRESS]}: starts the explorer ({@link Explorer}), prints its address
 * and serves until stopped (Ctrl-C).
 */
@Command(name = "serve", mixinStandardHelpOptions = true, description = {
    "The explorer: a local web page over the engine, at http://127.0.0.1:8765/.",
    "Type a layout, an operation or a composition, or pick an atom, a tiled MMA or copy, or a gallery",
    "example; zoom, pan and hover the picture; link the view; copy it as CuTe, CuTe C++ or CuTe DSL;",
    "download SVG, PNG or TikZ. It serves on the loopback address until stopped (Ctrl-C)."})
final class ServeCommand implements Callable<Integer> {
    @Option(names = "--port", defaultValue = "8765", paramLabel = "N", description = "the port (default 8765; 0 takes a free one)")
    int port;

    @Option(names = "--bind", defaultValue = "127.0.0.1", paramLabel = "ADDRESS",
            description = "the address to listen on (default 127.0.0.1, this machine only; another makes the page reachable from the network)")
    String bind;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        InetAddress address;
        try {
            address = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--bind " + bind + ": no such address");
        }
        if (port < 0 || port > 65535) throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--port " + port + " is outside 0..65535");
        Explorer explorer = Explorer.start(address, port);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            explorer.close();
            stopped.countDown();
        }));
        System.out.println("layoutcat explorer at " + explorer.uri() + (address.isLoopbackAddress() ? "" : " (reachable from the network)")
                + "  (Ctrl-C stops it)");
        System.out.flush();
        stopped.await();
        return 0;
    }
}
