"""Simulate on a Dask cluster: here a LocalCluster, on a real cluster a Client(address)."""

from dask.distributed import Client, LocalCluster

from setback import Rules, simulate

if __name__ == "__main__":
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster,
        Client(cluster) as client,
    ):
        summary = simulate(
            Rules.setback(), games=200, seed=0, executor=client.get_executor(), chunk=25
        )
    assert summary == simulate(Rules.setback(), games=200, seed=0)  # the same as one process
    print(summary.games, "games,", summary.hands, "hands; wins by side:", summary.wins)
