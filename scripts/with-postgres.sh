#!/usr/bin/env bash
# Usage: scripts/with-postgres.sh CMD [ARGS...]
#
# Starts a throwaway PostgreSQL cluster (15 preferred) in a temporary folder,
# listening only on 127.0.0.1 on a free port, creates the database "tarock",
# runs CMD with DATABASE_URL=postgres://postgres@127.0.0.1:PG_PORT/tarock, then
# always stops the cluster and removes the folder. Exits with CMD's status.
# Installs postgresql-15 from Debian if no server binaries are found and we are root.
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 CMD [ARGS...]" >&2
    exit 2
fi

log() { echo "with-postgres: $*" >&2; }

find_bindir() {
    local d
    for d in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
        if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && [ -x "$d/postgres" ]; then
            echo "$d"; return 0
        fi
    done
    if command -v pg_config >/dev/null 2>&1; then
        d=$(pg_config --bindir 2>/dev/null || true)
        if [ -n "$d" ] && [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
            echo "$d"; return 0
        fi
    fi
    return 1
}

IS_ROOT=0
[ "$(id -u)" -eq 0 ] && IS_ROOT=1

if ! BINDIR=$(find_bindir); then
    if [ "$IS_ROOT" -eq 1 ]; then
        log "no PostgreSQL server binaries found: installing postgresql-15"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq postgresql-15 >/dev/null
        BINDIR=$(find_bindir) || { log "postgresql-15 installed but binaries not found"; exit 1; }
    else
        log "no PostgreSQL server binaries found (need root to apt-get install postgresql-15)"
        exit 1
    fi
fi

PGTMP=$(mktemp -d /tmp/tarock-pg.XXXXXX)
PGDATA_DIR="$PGTMP/data"

# A system tool by its absolute path: root's shell may have a PATH without /usr/sbin (su without -,
# sudo's secure_path elsewhere, a minimal CI PATH), where runuser and useradd live.
sbin_tool() {
    local d
    for d in /usr/sbin /sbin /usr/bin /bin; do
        [ -x "$d/$1" ] && { echo "$d/$1"; return 0; }
    done
    command -v "$1" 2>/dev/null && return 0
    log "$1 not found (looked in /usr/sbin, /sbin, /usr/bin, /bin and PATH)"
    return 1
}

# As root, the cluster runs as the postgres system user (initdb refuses root).
if [ "$IS_ROOT" -eq 1 ]; then
    RUNUSER=$(sbin_tool runuser) || exit 1
    if ! id postgres >/dev/null 2>&1; then
        USERADD=$(sbin_tool useradd) || exit 1
        "$USERADD" --system --no-create-home --shell /usr/sbin/nologin postgres
    fi
    chown postgres: "$PGTMP"
    as_pg() { (cd "$PGTMP" && "$RUNUSER" -u postgres -- "$@"); }
else
    as_pg() { (cd "$PGTMP" && "$@"); }
fi

STARTED=0
cleanup() {
    local status=$?
    trap - EXIT INT TERM
    if [ "$STARTED" -eq 1 ]; then
        as_pg "$BINDIR/pg_ctl" -D "$PGDATA_DIR" -m fast -w stop >/dev/null 2>&1 \
            || log "pg_ctl stop failed"
    fi
    rm -rf "$PGTMP"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
    local py
    for py in python3 python; do
        if command -v "$py" >/dev/null 2>&1 && "$py" -c 'import sys' >/dev/null 2>&1; then
            "$py" -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])
s.close()' && return 0
        fi
    done
    # Fallback without Python: first port in a range that nothing listens on.
    local p
    for p in $(seq 54320 54420); do
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
            echo "$p"; return 0
        fi
    done
    return 1
}

PG_PORT=$(free_port) || { log "no free port found"; exit 1; }

as_pg "$BINDIR/initdb" -D "$PGDATA_DIR" -U postgres -A trust -E UTF8 --locale=C \
    --no-sync --no-instructions >"$PGTMP/initdb.log" 2>&1 \
    || { cat "$PGTMP/initdb.log" >&2; log "initdb failed"; exit 1; }

STARTED=1
if ! as_pg "$BINDIR/pg_ctl" -D "$PGDATA_DIR" -l "$PGTMP/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PGTMP -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
        start >/dev/null; then
    cat "$PGTMP/server.log" >&2 || true
    log "pg_ctl start failed"
    exit 1
fi

PG_ISREADY="$BINDIR/pg_isready"
command -v "$PG_ISREADY" >/dev/null 2>&1 || PG_ISREADY=pg_isready
for _ in $(seq 1 60); do
    "$PG_ISREADY" -q -h 127.0.0.1 -p "$PG_PORT" -U postgres && break
    sleep 0.5
done
"$PG_ISREADY" -q -h 127.0.0.1 -p "$PG_PORT" -U postgres \
    || { cat "$PGTMP/server.log" >&2; log "server not ready"; exit 1; }

"$BINDIR/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres tarock

export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/tarock"
log "PostgreSQL $("$BINDIR/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT ($PGTMP)"

set +e
"$@"
status=$?
set -e
exit "$status"
