package com.acme.net;

import static com.acme.net.Channel.Phase.OPEN;
import static com.acme.net.Channel.Phase.SHUT;

/** A file that imports its own nested enum's constants statically. */
class Channel {
    enum Phase { OPEN, SHUT }

    private Phase phase = OPEN;

    void send(String text) {
        if (phase == SHUT) {
            throw new IllegalStateException("channel is " + OPEN + ", cannot send " + text);
        }
    }
}
