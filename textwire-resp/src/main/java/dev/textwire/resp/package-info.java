/** RESP2 and RESP3, the protocol Redis speaks, over textwire-core. */
package dev.textwire.resp;
