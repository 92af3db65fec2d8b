package org.wharfmq.ra.bench.app;

/** Only times the message: no transaction, no other resource. */
abstract class PlainMdb extends TimedMdb {
    @Override
    void work(int run, int seq) {
        // nothing besides the timing
    }
}
