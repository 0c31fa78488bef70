package io.sluice.runtime.plan;

/**
 * Java source text of one class that the runtime compiles with Janino and instantiates through its
 * public no-argument constructor. {@code className} is the simple name declared in {@code source}
 * (no package).
 */
public record GeneratedClass(String className, String source) {
}
