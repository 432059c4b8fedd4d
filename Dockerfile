# The app image for docker-compose.yml. Build: docker build -t product-data-service .
# It runs one worker per core the container may use (WEB_CONCURRENCY; docs/operations.md).
# Checked without a Docker engine by test/integration/docker-image.test.ts, which replays these
# stages from this file: change a COPY here and the rehearsal follows it.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npx tsc -p tsconfig.build.json && npm prune --omit=dev --no-audit --no-fund

# Exactly what `node dist/src/main.js` and the seed command read: the compiled code and production
# dependencies, the index mappings, the seed sources, their manifest and the reviewed company table,
# the own assets of /docs and /explore.
FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY seed/manifest.json ./seed/manifest.json
COPY seed/sources ./seed/sources
COPY seed/companies ./seed/companies
COPY index-mappings ./index-mappings
COPY src/docs/assets ./src/docs/assets
COPY src/explore/assets ./src/explore/assets
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/src/main.js"]
