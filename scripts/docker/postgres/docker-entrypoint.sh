#!/bin/sh
# The part of the official postgres image's entrypoint the compose file relies on: as root, give
# PGDATA to postgres and start again as postgres; on the first start, initdb with POSTGRES_USER and
# POSTGRES_PASSWORD, password (scram) auth for network clients, listen on every address, and
# create POSTGRES_DB; then run the command (postgres) as PID 1, so SIGINT stops it.
set -eu
case "${1:-}" in -*) set -- postgres "$@" ;; esac
if [ "$1" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA"
  chown postgres:postgres "$PGDATA"
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo 'Error: the database is uninitialized and POSTGRES_PASSWORD is not set' >&2
    exit 1
  fi
  user="${POSTGRES_USER:-postgres}"
  db="${POSTGRES_DB:-$user}"
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --username="$user" --pwfile="$pwfile" -D "$PGDATA"
  rm -f "$pwfile"
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
    # From stdin: psql interpolates :"db" (quoted as an identifier) there, not in --command.
    echo 'CREATE DATABASE :"db";' | psql -v ON_ERROR_STOP=1 --username="$user" --no-password --dbname=postgres --set=db="$db"
    pg_ctl -D "$PGDATA" -m fast -w stop
  fi
  echo 'PostgreSQL init process complete; ready for start up.'
fi
exec "$@"
