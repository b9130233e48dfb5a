# The Razz rules service: gunicorn serving the app as uid 10001, on a read-only root filesystem.

FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY service/ ./service/
COPY docs/rules-reference.md ./docs/
RUN python3 -m venv /opt/venv && /opt/venv/bin/pip install --no-cache-dir --disable-pip-version-check .

FROM python:3.11-slim
LABEL org.opencontainers.image.title="razz-rules-service" \
      org.opencontainers.image.description="The reference Razz rules service" \
      org.opencontainers.image.licenses="MIT"
ENV PATH=/opt/venv/bin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    HOST=0.0.0.0 \
    PORT=8080 \
    PROMETHEUS_MULTIPROC_DIR=/tmp/metrics
COPY --from=build /opt/venv /opt/venv
# The package carries its gunicorn settings: nothing else to copy.
WORKDIR /opt/app
USER 10001:10001
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-m", "service.healthcheck"]
ENTRYPOINT ["python", "-m", "service"]
