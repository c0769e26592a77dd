#!/bin/sh
# Starts the balancer (containers/nginx.conf) with this container's DNS server, the replicas'
# name (APP_HOST, default app), their port (APP_PORT, 3000) and its own port in the container
# (LISTEN_PORT, 8080); with TLS_CERTIFICATE and TLS_CERTIFICATE_KEY (files in the container, the
# key readable by www-data) it also answers HTTPS on TLS_PORT (8443).
set -eu
RESOLVER="${RESOLVER:-$(awk '/^nameserver/ { print $2; exit }' /etc/resolv.conf)}"
case "$RESOLVER" in *:*) RESOLVER="[$RESOLVER]" ;; esac
TLS=""
if [ -n "${TLS_CERTIFICATE:-}" ]; then
  TLS="listen ${TLS_PORT:-8443} ssl; ssl_certificate ${TLS_CERTIFICATE}; ssl_certificate_key ${TLS_CERTIFICATE_KEY:?names the key's file}; ssl_protocols TLSv1.2 TLSv1.3;"
fi
sed -e "s|@RESOLVER@|${RESOLVER:-127.0.0.11}|" \
    -e "s|@APP@|${APP_HOST:-app}:${APP_PORT:-3000}|" \
    -e "s|@PORT@|${LISTEN_PORT:-8080}|" \
    -e "s|@TLS@|${TLS}|" \
    /etc/nginx/haggle.conf.template > /tmp/nginx.conf
exec nginx -e stderr -c /tmp/nginx.conf -g 'daemon off;'
