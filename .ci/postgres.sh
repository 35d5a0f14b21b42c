# Sourced by .ci/run (and usable by hand): start the Debian PostgreSQL cluster, create the
# role and database of the server's storage tests, export SOLVER_TEST_POSTGRES.
pg_version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h 2>/dev/null | grep -q .; then
  pg_createcluster "$pg_version" main >/dev/null
fi
cluster=$(pg_lsclusters -h | head -1 | awk '{print $1, $2}')
pg_ctlcluster $cluster start 2>/dev/null || true
port=$(pg_lsclusters -h | head -1 | awk '{print $3}')
su postgres -c "psql -p $port -tAc \"SELECT 1 FROM pg_roles WHERE rolname='solver'\"" | grep -q 1 \
  || su postgres -c "psql -p $port -c \"CREATE ROLE solver LOGIN PASSWORD 'solver'\"" >/dev/null
su postgres -c "psql -p $port -tAc \"SELECT 1 FROM pg_database WHERE datname='solver_test'\"" \
  | grep -q 1 || su postgres -c "createdb -p $port -O solver solver_test"
export SOLVER_TEST_POSTGRES="postgresql://solver:solver@127.0.0.1:$port/solver_test"
