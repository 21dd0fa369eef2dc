# shellcheck shell=bash
# Shared helpers for the bin/ scripts. Source it; do not run it.
#
#   ROOT     repository root          VAR      $ROOT/var (ignored by git)
#   WP_DIR   WordPress core           RUN_DIR  pid files, sockets
#   SITES_DIR one folder per site (database, logins.json, debug.log)

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
VAR="$ROOT/var"
WP_DIR="$VAR/wordpress"
RUN_DIR="$VAR/run"
SITES_DIR="$VAR/sites"
export TMPDIR="$VAR/tmp"
mkdir -p "$TMPDIR" "$RUN_DIR" "$SITES_DIR"

NO_MAIL='cat >/dev/null'
# PHP as every script of ours runs it: no mail is sent, errors go to stderr. The "sendmail" reads the
# message and drops it: /bin/true exits before PHP has written it, and mail() then fails now and then.
PHP_BIN="${PHP_BIN:-php}"
PHP_ARGS=(-d "sendmail_path=$NO_MAIL" -d memory_limit=512M -d display_errors=stderr)

die() { printf '\033[31merror:\033[0m %s\n' "$*" >&2; exit 1; }
info() { printf '%s\n' "$*"; }
warn() { printf '\033[33mwarning:\033[0m %s\n' "$*" >&2; }
banner() { printf '\n\033[1;34m==> %s\033[0m\n' "$*"; }

# site_info <site> <key> [<key>...]: values from bin/sites.php (port, url, engine, dir, db_name), one per line.
site_info() {
	"$PHP_BIN" "$ROOT/bin/site-info.php" "$@"
}

# site_smtp_port <port>: the port of the SMTP sink (bin/mail-sink) of the site served on <port>.
site_smtp_port() {
	echo $(($1 + 10000))
}

# port_open <port>: true when something listens on 127.0.0.1:<port>.
port_open() {
	(exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# ensure_port_free <site>: dies with a clear message when the site's port is taken.
ensure_port_free() {
	local site="$1" port pid_file="$RUN_DIR/$1.pid"
	port="$(site_info "$site" port)"
	port_open "$port" || return 0
	if [[ -f $pid_file ]] && kill -0 "$(cat "$pid_file")" 2>/dev/null; then
		die "site '$site' is already running at http://127.0.0.1:$port (pid $(cat "$pid_file")); stop it with: bin/site stop $site"
	fi
	die "port $port (site '$site') is in use by another program"
}

# wait_for_url <url> [seconds]: waits until the URL answers any HTTP status.
wait_for_url() {
	local url="$1" limit="${2:-30}" i
	for ((i = 0; i < limit * 10; i++)); do
		if curl -s -o /dev/null --max-time 5 "$url"; then
			return 0
		fi
		sleep 0.1
	done
	return 1
}

# kill_group <pid-file>: stops the process group recorded in a pid file, waits, removes the file.
kill_group() {
	local file="$1" pid i
	[[ -f "$file" ]] || return 0
	pid="$(cat "$file")"
	if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
		kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
		for ((i = 0; i < 50; i++)); do
			kill -0 -- "-$pid" 2>/dev/null || break
			sleep 0.1
		done
		kill -KILL -- "-$pid" 2>/dev/null || true
	fi
	rm -f "$file"
}
