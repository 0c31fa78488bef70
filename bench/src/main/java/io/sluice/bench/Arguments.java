package io.sluice.bench;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** A benchmark's command-line arguments: {@code name=value} settings and {@code --flag [value]} options. */
final class Arguments {
    private final Map<String, String> values = new HashMap<>();

    /**
     * @param settings the {@code name=value} names allowed
     * @param options  the {@code --name value} names allowed
     * @param flags    the {@code --name} names allowed (no value)
     * @throws IllegalArgumentException naming the argument that is none of them
     */
    Arguments(List<String> args, Set<String> settings, Set<String> options, Set<String> flags) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.startsWith("--") && flags.contains(arg.substring(2))) {
                values.put(arg.substring(2), "true");
            } else if (arg.startsWith("--") && options.contains(arg.substring(2)) && i + 1 < args.size()) {
                values.put(arg.substring(2), args.get(++i));
            } else if (arg.contains("=") && settings.contains(arg.substring(0, arg.indexOf('=')))) {
                values.put(arg.substring(0, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
            } else {
                throw new IllegalArgumentException("Unknown argument '" + arg + "'; expected one of "
                        + describe(settings, options, flags));
            }
        }
    }

    int integer(String name, int defaultValue) {
        String text = values.get(name);
        try {
            return text == null ? defaultValue : Integer.parseInt(text.replace("_", "").replace(",", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Argument '" + name + "=" + text + "' is not a whole number", e);
        }
    }

    String text(String name, String defaultValue) {
        return values.getOrDefault(name, defaultValue);
    }

    boolean flag(String name) {
        return values.containsKey(name);
    }

    private static String describe(Set<String> settings, Set<String> options, Set<String> flags) {
        Set<String> forms = new TreeSet<>();
        settings.forEach(name -> forms.add(name + "=N"));
        options.forEach(name -> forms.add("--" + name + " VALUE"));
        flags.forEach(name -> forms.add("--" + name));
        return String.join(", ", forms);
    }
}
