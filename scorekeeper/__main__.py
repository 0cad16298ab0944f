from scorekeeper.launch import main

main()
