/** Source texts and spans. Depends on nothing. */
package io.github.futhark4j.compiler.source;
