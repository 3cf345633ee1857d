package org.layoutcat.ops;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.File;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.layoutcat.ops.Operation;
import org.layoutcat.ops.Operations;
import org.layoutcat.ops.Request;

/** The table: each entry's example is answered, and the table declared group by group is the same table from any thread. */
class OperationsTableTest {

    /** The example {@code op NAME --help} shows is a request the operation answers (a person copies it). */
    @Test
    void everyEntrysExampleIsAnswered() {
        for (Operation o : Operations.all()) {
            assertDoesNotThrow(() -> Operations.answer(new Request(o.name(), o.example(), "auto")),
                    () -> o.name() + " " + o.example());
        }
    }

    /**
     * Lookups from many threads, each declaring groups as far as it needs, find the entries of the whole table. The
     * table is a fresh one, its class loaded anew by a loader of its own: the lookups race to declare it from its first
     * group, whichever tests ran before in this JVM (the shared table may be declared whole already).
     */
    @Test
    void lookupsFromManyThreadsFindTheTablesEntries() throws Exception {
        List<String> names = new ArrayList<>(Operations.names());
        Class<?> table = freshTable();
        assertNotSame(Operations.class, table, "a class of its own, with its own static table");
        Method find = table.getMethod("find", String.class);
        Method all = table.getMethod("all");
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<List<Object>>> found = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                List<String> order = new ArrayList<>(names);
                Collections.shuffle(order, new Random(t)); // each thread its own order, the last group's names among the first
                found.add(pool.submit(() -> {
                    start.await();
                    List<Object> ops = new ArrayList<>();
                    for (String name : order) ops.add(find.invoke(null, name));
                    return ops;
                }));
            }
            start.countDown();
            List<?> whole = (List<?>) all.invoke(null);
            assertEquals(names.size(), whole.size());
            for (int t = 0; t < 8; t++) {
                List<String> order = new ArrayList<>(names);
                Collections.shuffle(order, new Random(t));
                List<Object> ops = found.get(t).get();
                for (int k = 0; k < order.size(); k++) {
                    assertSame(whole.get(names.indexOf(order.get(k))), ops.get(k), order.get(k));
                }
            }
            List<Object> declaredNames = new ArrayList<>();
            for (Object o : whole) declaredNames.add(o.getClass().getMethod("name").invoke(o));
            assertEquals(names, declaredNames);
            assertNull(find.invoke(null, "no_such_operation"));
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * The table's class loaded anew, with static state of its own: on the module path (as Maven runs the tests) from a
     * module layer of its own over the same modules, its package exported to this test; on a class path, from a loader
     * of its own over that path.
     */
    private static Class<?> freshTable() throws Exception {
        Module here = OperationsTableTest.class.getModule();
        if (!here.isNamed()) {
            List<URL> urls = new ArrayList<>();
            for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
                if (!entry.isBlank()) urls.add(Path.of(entry).toUri().toURL());
            }
            return Class.forName(Operations.class.getName(), true, new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader()));
        }
        // the project's modules anew; the libraries (automatic modules, which read every module) stay the boot layer's
        Path[] ours = Stream.of(System.getProperty("jdk.module.path").split(File.pathSeparator)).filter(e -> !e.isBlank()).map(Path::of)
                .filter(p -> ModuleFinder.of(p).findAll().stream().allMatch(m -> m.descriptor().name().startsWith("org.layoutcat.")))
                .toArray(Path[]::new);
        Configuration cf = ModuleLayer.boot().configuration().resolve(ModuleFinder.of(ours), ModuleFinder.of(), Set.of(here.getName()));
        ModuleLayer.Controller layer = ModuleLayer.defineModulesWithOneLoader(cf, List.of(ModuleLayer.boot()), ClassLoader.getSystemClassLoader());
        Module cli = layer.layer().findModule(here.getName()).orElseThrow();
        layer.addExports(cli, Operations.class.getPackageName(), here);
        layer.addReads(cli, ClassLoader.getSystemClassLoader().getUnnamedModule()); // Commons Math and JCuda, on the class path
        return Class.forName(Operations.class.getName(), true, cli.getClassLoader());
    }
}
