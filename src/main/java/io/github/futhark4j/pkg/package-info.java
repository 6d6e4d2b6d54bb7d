/**
 * The package manager behind {@code futhark4j pkg}, following {@code futhark pkg} (the reference's
 * "Package Management" chapter): the {@code futhark.pkg} manifest ({@link PkgManifest}), semantic
 * versions and commit pseudo-versions ({@link SemVer}), package paths and their git URLs
 * ({@link PkgPath}), package information read from git repositories ({@link Registry}, through
 * the {@code git} command), minimal version selection ({@link Solver}) and populating {@code lib/}
 * ({@link Installer}).
 *
 * <p>Nothing here is used when compiling: the compiler sees only the files {@code sync} put in
 * {@code lib/}, imported like any other file. Network access happens only when a {@code pkg}
 * command asks git for a repository.
 */
package io.github.futhark4j.pkg;
