package io.sluice.planner.parse;

import io.sluice.api.options.Secrets;
import java.util.List;

/**
 * Registers the secrets written in a statement before anything can echo them: the string after a key
 * such as {@code 'password'} (with or without the {@code =} between them, so that a statement missing
 * its {@code =} does not print the password in its syntax error), and the passwords inside any string,
 * such as a URL's user-info.
 */
final class SecretLiterals {
    private SecretLiterals() {
    }

    static void register(List<Token> tokens) {
        for (int i = 0; i < tokens.size(); i++) {
            Token token = tokens.get(i);
            if (token.kind() != Token.Kind.STRING) {
                continue;
            }
            Secrets.registerPasswordsIn(token.value());
            if (Secrets.isSecretKey(token.value())) {
                int next = i + 1 < tokens.size() && tokens.get(i + 1).isSymbol("=") ? i + 2 : i + 1;
                if (next < tokens.size() && tokens.get(next).kind() == Token.Kind.STRING) {
                    Secrets.register(tokens.get(next).value());
                }
            }
        }
    }
}
