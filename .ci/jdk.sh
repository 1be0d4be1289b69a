# shellcheck shell=bash
# Sourced by ./gpushare, ./test and .ci/run: picks a JDK >= 21 and exports JAVA_HOME.
# Order: $JAVA_HOME when it is >= 21, then Temurin 25, then any /usr/lib/jvm/* >= 21 (newest first).

gpushare_java_major() { # JAVA_HOME -> major version, or nothing
    local release="$1/release" v
    [ -x "$1/bin/java" ] || return 0
    if [ -r "$release" ]; then
        v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$release")
    else
        v=$("$1/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1)
    fi
    echo "$v"
}

gpushare_pick_jdk() {
    local candidate major
    for candidate in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64 $(ls -d /usr/lib/jvm/*/ 2>/dev/null | sort -rV); do
        [ -n "$candidate" ] || continue
        candidate="${candidate%/}"
        major=$(gpushare_java_major "$candidate")
        if [ -n "$major" ] && [ "$major" -ge 21 ]; then
            export JAVA_HOME="$candidate"
            return 0
        fi
    done
    echo "gpushare: no JDK 21 or newer found (JAVA_HOME=${JAVA_HOME:-unset}, nothing suitable under /usr/lib/jvm)." >&2
    echo "gpushare: install one (e.g. Temurin 25) and set JAVA_HOME to it: export JAVA_HOME=/path/to/jdk" >&2
    return 1
}
