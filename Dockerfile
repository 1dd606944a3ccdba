# syntax=docker/dockerfile:1
# Mailpulse's image (docs/operations.md): a build stage compiles the client and the server, and
# the runtime stage holds the compiled output with the production dependencies only. Each step
# is a script in scripts/ that test/server/release/ runs outside a container.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY . .
# Installs the dev dependencies (npm ci), then builds into /release.
RUN --mount=type=cache,target=/root/.npm bash scripts/build-release.sh /release

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/mailpulse \
    LOG_FORMAT=json
WORKDIR /app
COPY --from=build /release ./
RUN --mount=type=cache,target=/root/.npm bash scripts/install-release.sh
# The code stays root's and read-only; the process runs as the image's unprivileged user, `node`,
# which owns only the embedded database's folder.
RUN install -d -o node -g node -m 700 /var/lib/mailpulse
USER node
VOLUME ["/var/lib/mailpulse"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--min-semi-space-size=32", "--max-semi-space-size=32", "--enable-source-maps", "dist/server/launch.mjs", "serve"]
