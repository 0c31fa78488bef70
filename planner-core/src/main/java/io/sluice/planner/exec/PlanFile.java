package io.sluice.planner.exec;

import io.sluice.api.options.ValidationException;
import io.sluice.planner.config.PlannerOptions;
import io.sluice.runtime.execution.ExecutionOptions;
import io.sluice.runtime.plan.ExecPlan;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;

/**
 * A compiled plan on disk ({@code COMPILE PLAN}, {@code EXECUTE PLAN}): the job's {@link ExecPlanJson},
 * which fixes its operators, their state and the planner options it was compiled with. The execution
 * options (checkpoints, restore, restarts, metrics) say how to run a job, not what it computes: the file
 * leaves them out, and a run takes them from its session.
 */
public final class PlanFile {

    private PlanFile() {
    }

    /**
     * Writes {@code plan} to {@code path} (atomically: a reader never sees half a plan), readable by its
     * owner only: it holds the tables' options as written, passwords included.
     *
     * @throws ValidationException when the file exists and {@code overwrite} is off, or cannot be written
     */
    public static void write(ExecPlan plan, Path path, boolean overwrite) {
        if (!overwrite && Files.exists(path)) {
            throw new ValidationException("Plan file '" + path + "' exists already; EXECUTE PLAN runs it, or SET '"
                    + PlannerOptions.FORCE_RECOMPILE.key() + "' = 'true' to overwrite it");
        }
        try {
            Path absolute = path.toAbsolutePath();
            Files.createDirectories(absolute.getParent());
            Path temporary = Files.createTempFile(absolute.getParent(), absolute.getFileName().toString(), ".tmp");
            Files.writeString(temporary, ExecPlanJson.write(new ExecPlan(plan.roots(),
                    withExecutionOptionsOf(plan.configuration(), Map.of()))), StandardCharsets.UTF_8);
            Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new ValidationException("Cannot write plan file '" + path + "': " + e);
        }
    }

    /**
     * Reads the plan at {@code path} and gives it the session's execution options.
     *
     * @throws ValidationException naming the file when it is missing, unreadable or of another format version
     */
    public static ExecPlan read(Path path, Map<String, String> session) {
        ExecPlan compiled;
        try {
            compiled = ExecPlanJson.read(Files.readString(path, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new ValidationException("Plan file '" + path + "' does not exist; COMPILE PLAN '" + path
                    + "' FOR INSERT ... writes it");
        } catch (IOException e) {
            throw new ValidationException("Cannot read plan file '" + path + "': " + e);
        } catch (IllegalArgumentException e) {
            throw new ValidationException("Plan file '" + path + "' cannot be run: " + e.getMessage());
        }
        return new ExecPlan(compiled.roots(), withExecutionOptionsOf(compiled.configuration(), session));
    }

    /** {@code configuration} with the execution options of {@code session} instead of its own. */
    private static Map<String, String> withExecutionOptionsOf(Map<String, String> configuration,
                                                              Map<String, String> session) {
        Map<String, String> result = new TreeMap<>(configuration);
        ExecutionOptions.ALL.forEach(option -> {
            result.remove(option.key());
            if (session.containsKey(option.key())) {
                result.put(option.key(), session.get(option.key()));
            }
        });
        return result;
    }
}
