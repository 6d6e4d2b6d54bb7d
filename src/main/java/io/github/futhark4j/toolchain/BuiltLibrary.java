package io.github.futhark4j.toolchain;

import java.nio.file.Path;

/**
 * A compiled shared library in the cache, ready to load.
 *
 * @param sharedLibrary the {@code .so}
 * @param manifest      the JSON manifest describing its C API
 * @param key           the build key (hex SHA-256) it is cached under
 * @param compiler      identity of the compiler that built it
 */
public record BuiltLibrary(Path sharedLibrary, Path manifest, String key, String compiler) {}
