/** Large text by character position: a {@code java.sql.Clob} store over UTF-8 segments with a sparse index. */
package dev.textwire.clob;
