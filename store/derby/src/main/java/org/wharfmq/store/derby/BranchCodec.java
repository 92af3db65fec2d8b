package org.wharfmq.store.derby;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.wharfmq.store.MessageOptions;
import org.wharfmq.store.SendMessageRequest;
import org.wharfmq.store.derby.index.Payload;

/** Writes a prepared branch's operations to bytes and back. */
final class BranchCodec {
    private static final int SEND = 1;
    private static final int DELETE = 2;
    private static final int VISIBILITY = 3;
    /** A delete with a release delay; a branch written before it has only DELETE, read as no delay. */
    private static final int DELETE_RELEASING = 4;
    /** A send with the time it was asked for; a branch written before it has only SEND, read as sent at commit. */
    private static final int SEND_AT = 5;

    private BranchCodec() {
    }

    static byte[] encode(List<DerbyTransaction.Op> ops) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(ops.size());
            for (DerbyTransaction.Op op : ops) {
                if (op instanceof DerbyTransaction.Send s) {
                    out.writeByte(SEND_AT);
                    writeNullable(out, s.queueUrl());
                    writeNullable(out, s.topic());
                    SendMessageRequest r = s.request();
                    byte[] payload = new Payload(r.messageBody(), r.messageAttributes()).encode();
                    out.writeInt(payload.length);
                    out.write(payload);
                    out.writeInt(r.delaySeconds() == null ? -1 : r.delaySeconds());
                    writeNullable(out, r.messageGroupId());
                    writeNullable(out, r.messageDeduplicationId());
                    out.writeInt(s.options().priority());
                    out.writeLong(s.options().expirationTime());
                    out.writeLong(s.options().delayMillis());
                    out.writeLong(s.id());
                    out.writeLong(s.sentAt());
                } else if (op instanceof DerbyTransaction.Delete d) {
                    out.writeByte(DELETE_RELEASING);
                    out.writeUTF(d.queueUrl());
                    out.writeUTF(d.receiptHandle());
                    out.writeInt(d.releaseSeconds());
                } else if (op instanceof DerbyTransaction.Visibility v) {
                    out.writeByte(VISIBILITY);
                    out.writeUTF(v.queueUrl());
                    out.writeUTF(v.receiptHandle());
                    out.writeInt(v.seconds());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static List<DerbyTransaction.Op> decode(byte[] data) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
            int n = in.readInt();
            List<DerbyTransaction.Op> ops = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                int type = in.readByte();
                if (type == SEND || type == SEND_AT) {
                    String url = readNullable(in);
                    String topic = readNullable(in);
                    byte[] payload = new byte[in.readInt()];
                    in.readFully(payload);
                    Payload p = Payload.decode(payload);
                    int delay = in.readInt();
                    String group = readNullable(in);
                    String dedup = readNullable(in);
                    MessageOptions.Options o = new MessageOptions.Options(in.readInt(), in.readLong(), in.readLong());
                    long id = in.readLong();
                    long sentAt = type == SEND_AT ? in.readLong() : -1;
                    SendMessageRequest r = new SendMessageRequest(url, p.body(), delay < 0 ? null : delay,
                            p.attributes(), group, dedup);
                    // A publish filter does not survive a restart: the branch then publishes to every subscription.
                    ops.add(new DerbyTransaction.Send(url, topic, r, o, id, null, null, sentAt));
                } else if (type == DELETE) {
                    ops.add(new DerbyTransaction.Delete(in.readUTF(), in.readUTF(), 0));
                } else if (type == DELETE_RELEASING) {
                    ops.add(new DerbyTransaction.Delete(in.readUTF(), in.readUTF(), in.readInt()));
                } else {
                    ops.add(new DerbyTransaction.Visibility(in.readUTF(), in.readUTF(), in.readInt()));
                }
            }
            return ops;
        } catch (IOException e) {
            throw new UncheckedIOException("a prepared transaction is unreadable", e);
        }
    }

    private static void writeNullable(DataOutputStream out, String s) throws IOException {
        out.writeBoolean(s != null);
        if (s != null) {
            out.writeUTF(s);
        }
    }

    private static String readNullable(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }
}
