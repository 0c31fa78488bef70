package io.sluice.kafka;

import io.sluice.api.data.Row;
import io.sluice.api.data.RowKind;
import io.sluice.api.format.RowDecoder;
import io.sluice.api.format.RowEncoder;
import java.util.List;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Where a table's columns come from: {@code keyColumns} from the message key (empty when the table has no
 * key format), {@code valueColumns} from the value, each in the order its format reads them, and
 * {@code metadataColumns} from what Kafka knows of the message ({@code metadata} in the same order).
 */
record MessageLayout(int width, int[] keyColumns, int[] valueColumns, int[] metadataColumns,
                     List<KafkaMetadata> metadata) {

    /** The key and value decoders of one reader, combined into rows of the table. */
    final class Decoding {
        private final RowDecoder keyDecoder;
        private final RowDecoder valueDecoder;
        private final boolean upsert;
        private Object[] key;

        Decoding(RowDecoder keyDecoder, RowDecoder valueDecoder, boolean upsert) {
            this.keyDecoder = keyDecoder;
            this.valueDecoder = valueDecoder;
            this.upsert = upsert;
        }

        /**
         * Emits the rows of one message; false when the value was malformed and skipped. A null value of an
         * upsert table deletes its key.
         */
        boolean decode(ConsumerRecord<byte[], byte[]> record, Consumer<Row> output) {
            key = null;
            if (keyDecoder != null && !keyDecoder.decode(record.key(), row -> key = row.fields())) {
                return false;
            }
            if (record.value() == null && upsert) {
                output.accept(Row.of(RowKind.DELETE, assemble(record, null)));
                return true;
            }
            return valueDecoder.decode(record.value(),
                    value -> output.accept(Row.of(value.kind(), assemble(record, value))));
        }

        private Object[] assemble(ConsumerRecord<byte[], byte[]> record, Row value) {
            Object[] fields = new Object[width];
            for (int i = 0; i < metadataColumns.length; i++) {
                fields[metadataColumns[i]] = metadata.get(i).read(record);
            }
            if (key != null) {
                for (int i = 0; i < keyColumns.length; i++) {
                    fields[keyColumns[i]] = key[i];
                }
            }
            if (value != null) {
                for (int i = 0; i < valueColumns.length; i++) {
                    fields[valueColumns[i]] = value.field(i);
                }
            }
            return fields;
        }
    }

    /** The field of a row of the table that holds {@code wanted}; -1 when the table has no such column. */
    int metadataField(KafkaMetadata wanted) {
        int index = metadata.indexOf(wanted);
        return index < 0 ? -1 : metadataColumns[index];
    }

    /** The key (null without a key format) and the value of a row of the table. */
    byte[] encodeKey(RowEncoder keyEncoder, Row row) {
        return keyEncoder == null ? null : keyEncoder.encode(Row.insert(project(row, keyColumns)));
    }

    byte[] encodeValue(RowEncoder valueEncoder, Row row) {
        return valueEncoder.encode(Row.of(row.kind(), project(row, valueColumns)));
    }

    private static Object[] project(Row row, int[] columns) {
        Object[] fields = new Object[columns.length];
        for (int i = 0; i < columns.length; i++) {
            fields[i] = row.field(columns[i]);
        }
        return fields;
    }
}
