package io.github.futhark4j.toolchain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tools' {@code --version} lines are remembered in the cache directory across JVMs, keyed by the
 * tool's real path, size and modification time. Each new symbolic link below is a new executable
 * path for this JVM's own memo, standing for a fresh JVM.
 */
class ToolVersionMemoTest {
  @Test
  void aToolIsAskedOnceUntilItChanges(@TempDir Path tmp) throws Exception {
    Path calls = tmp.resolve("calls");
    Path tool = tmp.resolve("fakecc");
    writeTool(tool, calls, "fakecc 1.0");
    Path memo = Files.createDirectories(tmp.resolve("cache"));

    assertEquals("fakecc 1.0", Tool.versionLine(link(tmp, tool, "a"), memo));
    assertEquals(1, count(calls));
    assertEquals("fakecc 1.0", Tool.versionLine(link(tmp, tool, "b"), memo), "remembered on disk");
    assertEquals(1, count(calls));
    assertEquals("fakecc 1.0", Tool.versionLine(link(tmp, tool, "c"), null), "without a memo directory the tool is asked");
    assertEquals(2, count(calls));

    writeTool(tool, calls, "fakecc 2.0 (upgraded)");
    Files.setLastModifiedTime(tool, FileTime.fromMillis(Files.getLastModifiedTime(tool).toMillis() + 5000));
    assertEquals("fakecc 2.0 (upgraded)", Tool.versionLine(link(tmp, tool, "d"), memo), "a changed tool is asked again");
    assertEquals(3, count(calls));
    List<String> lines = Files.readAllLines(memo.resolve(Tool.VERSIONS_FILE));
    assertEquals(1, lines.size(), "one line per tool: " + lines);

    Files.writeString(memo.resolve(Tool.VERSIONS_FILE), "garbage\n\t\t\n");
    assertEquals("fakecc 2.0 (upgraded)", Tool.versionLine(link(tmp, tool, "e"), memo), "a damaged memo is ignored");
    assertEquals(4, count(calls));
  }

  private static void writeTool(Path tool, Path calls, String version) throws Exception {
    Files.writeString(tool, "#!/bin/sh\necho x >> '" + calls + "'\necho '" + version + "'\n");
    Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private static Path link(Path dir, Path target, String name) throws Exception {
    return Files.createSymbolicLink(dir.resolve("link-" + name), target);
  }

  private static int count(Path calls) throws Exception {
    return Files.exists(calls) ? Files.readAllLines(calls).size() : 0;
  }
}
