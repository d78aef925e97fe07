# One image for the migration, web, worker, beat and flower (docker-compose.yml picks the command).
FROM node:20-bookworm-slim AS frontend
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

FROM python:3.11-slim-bookworm
WORKDIR /srv/app
# OPENBLAS_NUM_THREADS: numpy's BLAS in the calling thread (run.sh says why).
ENV PYTHONUNBUFFERED=1 APP_ENV=production FRONTEND_DIST=/srv/app/frontend/dist OPENBLAS_NUM_THREADS=1
COPY requirements.lock ./
# --no-deps: the lock names every package (scripts/setup.sh installs it the same way; pip check is a test).
RUN pip install --no-cache-dir --no-deps -r requirements.lock
COPY app/ app/
COPY workers/ workers/
COPY nlp/ nlp/
COPY migrations/ migrations/
COPY gunicorn.conf.py ./
COPY --from=frontend /src/frontend/dist frontend/dist
# The API answers a few display texts (the pricing plans' limits) from the frontend's locales, their one home.
COPY frontend/src/i18n/locales/ frontend/src/i18n/locales/
# The intent model is built here, with the image, after the code and data it is keyed on: a worker only loads it as
# it starts, and refuses to start without it (docs/architecture.md#the-intent-model).
RUN python -m nlp train
EXPOSE 8000
# Liveness is GET /healthz, readiness GET /readyz (the database and Redis answer, the intent model is loaded);
# metrics at /metrics.
CMD ["gunicorn", "-w", "4", "-b", "0.0.0.0:8000", "--access-logfile", "-", "app:create_app()"]
