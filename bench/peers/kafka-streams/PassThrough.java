// A Kafka Streams pass-through, the floor of what a JVM stream processor costs on the bench's events: read the
// input topic, parse each value as JSON (Jackson), write it again to the output topic, same key. One stream
// thread (one core, as one toolmend worker), at_least_once or exactly_once_v2.
//
//   java -cp 'LIBS/*:CLASSES' PassThrough --bootstrap H:P --input T --output T --app-id G --events N
//        [--guarantee at_least_once|exactly_once_v2] [--commit-ms 100]
//
// Timed through committed offsets, as the other passes of bench_transports.py: from the first record the topology
// sees to the moment the group's committed offsets on the input cover N records (an admin client polls them every
// 20 ms). The JVM's start and the group join are outside that window and reported on their own. A value that is
// not JSON goes out as it came (counted). Prints one JSON line.
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;

public final class PassThrough {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final AtomicLong SEEN = new AtomicLong();
    private static final AtomicLong NOT_JSON = new AtomicLong();
    private static volatile long firstNs = 0;
    private static volatile long lastNs = 0;
    private static volatile long firstWallMs = 0;

    private static byte[] through(byte[] value) {
        try {
            JsonNode doc = JSON.readTree(value);
            return JSON.writeValueAsBytes(doc);
        } catch (IOException e) {
            NOT_JSON.incrementAndGet();
            return value;
        }
    }

    private static byte[] counted(byte[] value, long total) {
        long n = SEEN.incrementAndGet();
        if (n == 1) {
            firstNs = System.nanoTime();
            firstWallMs = System.currentTimeMillis();
        }
        if (n == total) {
            lastNs = System.nanoTime();
        }
        return value;
    }

    private static long peakRssKib() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }

    private static long committed(Admin admin, String group, String topic) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> offsets =
                admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
        long sum = 0;
        for (Map.Entry<TopicPartition, OffsetAndMetadata> e : offsets.entrySet()) {
            if (e.getKey().topic().equals(topic) && e.getValue() != null) {
                sum += e.getValue().offset();
            }
        }
        return sum;
    }

    public static void main(String[] argv) throws Exception {
        Map<String, String> a = new HashMap<>(Map.of("--guarantee", "at_least_once", "--commit-ms", "100"));
        for (int i = 0; i + 1 < argv.length; i += 2) {
            a.put(argv[i], argv[i + 1]);
        }
        for (String k : List.of("--bootstrap", "--input", "--output", "--app-id", "--events")) {
            if (!a.containsKey(k)) {
                System.err.println("PassThrough: " + k + " is required");
                System.exit(2);
            }
        }
        final long total = Long.parseLong(a.get("--events"));
        final String input = a.get("--input");
        final String appId = a.get("--app-id");
        final String guarantee = a.get("--guarantee");

        Properties ap = new Properties();
        ap.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, a.get("--bootstrap"));
        try (Admin admin = Admin.create(ap)) {
            try {  // a sink topic must exist (Kafka Streams creates only its internal topics)
                // as bench_worker.py's topics: the bench's largest events are over the broker's 1 MiB default
                NewTopic out = new NewTopic(a.get("--output"), 4, (short) 1)
                        .configs(Map.of("max.message.bytes", String.valueOf(4 << 20)));
                admin.createTopics(List.of(out)).all().get();
            } catch (java.util.concurrent.ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
            }

            Properties p = new Properties();
            p.put(StreamsConfig.APPLICATION_ID_CONFIG, appId);
            p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, a.get("--bootstrap"));
            p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, guarantee);
            p.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 1);
            p.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, Integer.parseInt(a.get("--commit-ms")));
            p.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 0);
            p.put(StreamsConfig.STATE_DIR_CONFIG, Files.createTempDirectory("kstreams-pass").toString());
            p.put(StreamsConfig.consumerPrefix(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG), "earliest");
            p.put(StreamsConfig.consumerPrefix(ConsumerConfig.MAX_POLL_RECORDS_CONFIG), 2000);
            p.put(StreamsConfig.consumerPrefix(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG), 100);
            p.put(StreamsConfig.consumerPrefix(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG), 1 << 20);
            p.put(StreamsConfig.producerPrefix(ProducerConfig.ACKS_CONFIG), "all");
            p.put(StreamsConfig.producerPrefix(ProducerConfig.LINGER_MS_CONFIG), 5);
            p.put(StreamsConfig.producerPrefix(ProducerConfig.BATCH_SIZE_CONFIG), 256 * 1024);
            p.put(StreamsConfig.producerPrefix(ProducerConfig.MAX_REQUEST_SIZE_CONFIG), 8 << 20);
            p.put(StreamsConfig.producerPrefix(ProducerConfig.COMPRESSION_TYPE_CONFIG), "none");

            StreamsBuilder b = new StreamsBuilder();
            b.stream(input, Consumed.with(Serdes.ByteArray(), Serdes.ByteArray()))
                    .mapValues(PassThrough::through)
                    .mapValues(v -> counted(v, total))
                    .to(a.get("--output"), Produced.with(Serdes.ByteArray(), Serdes.ByteArray()));

            long startedMs = ManagementFactory.getRuntimeMXBean().getStartTime();
            KafkaStreams streams = new KafkaStreams(b.build(), p);
            final Throwable[] failed = new Throwable[1];
            streams.setUncaughtExceptionHandler(e -> {
                failed[0] = e;
                return org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse
                        .SHUTDOWN_CLIENT;
            });
            streams.start();
            long deadline = System.nanoTime() + Duration.ofSeconds(Long.parseLong(
                    a.getOrDefault("--timeout-s", "300"))).toNanos();
            long committedNs = 0;
            long done = 0;
            while (System.nanoTime() < deadline && failed[0] == null) {
                if (SEEN.get() > 0) {
                    done = committed(admin, appId, input);
                    if (done >= total) {
                        committedNs = System.nanoTime();
                        break;
                    }
                }
                Thread.sleep(20);
            }
            double cpuAtCommit = ((com.sun.management.OperatingSystemMXBean)
                    ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1e9;
            long closeStart = System.nanoTime();
            streams.close(Duration.ofSeconds(30));
            double closeS = (System.nanoTime() - closeStart) / 1e9;
            if (failed[0] != null) {
                System.err.println("PassThrough: the stream thread failed: " + failed[0]);
                System.exit(1);
            }
            if (committedNs == 0) {
                System.err.println("PassThrough: committed " + done + " of " + total + " records (seen "
                        + SEEN.get() + ") before the deadline");
                System.exit(1);
            }
            double seconds = (committedNs - firstNs) / 1e9;
            double processed = (lastNs - firstNs) / 1e9;
            System.out.printf(java.util.Locale.ROOT,
                    "{\"events\": %d, \"seconds\": %.3f, \"events_per_s\": %d, \"processed_s\": %.3f,"
                            + " \"jvm_start_to_first_record_s\": %.3f, \"close_s\": %.3f, \"cpu_at_commit_s\": %.3f,"
                            + " \"not_json\": %d, \"peak_rss_mib\": %.1f, \"guarantee\": \"%s\","
                            + " \"kafka_streams\": \"%s\", \"java\": \"%s\"}%n",
                    SEEN.get(), seconds, Math.round(total / seconds), processed,
                    (firstWallMs - startedMs) / 1e3, closeS, cpuAtCommit, NOT_JSON.get(), peakRssKib() / 1024.0,
                    guarantee, org.apache.kafka.common.utils.internals.AppInfoParser.getVersion(),
                    System.getProperty("java.version"));
        }
    }
}
