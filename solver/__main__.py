"""``python -m solver`` runs the command line."""

from solver.cli import main

if __name__ == "__main__":
    main()
