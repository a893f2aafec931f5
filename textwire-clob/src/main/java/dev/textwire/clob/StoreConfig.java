package dev.textwire.clob;

import java.nio.file.Path;

/**
 * How a store lays out its text: bytes per segment (the index's granularity), when it moves to a
 * temporary file, where that file goes, and whether it stores modified UTF-8 (Derby's format) throughout.
 */
record StoreConfig(int segmentBytes, long spillThresholdBytes, Path directory, boolean modifiedUtf8) {}
