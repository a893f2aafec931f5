/**
 * textwire-resp: RESP2 and RESP3, the protocol Redis speaks, on textwire-core. Depends on nothing else.
 */
module dev.textwire.resp {
  requires transitive dev.textwire;

  exports dev.textwire.resp;
}
