from scorekeeper.cli.launch import main

main()
