print("hiit")
