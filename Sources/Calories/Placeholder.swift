enum CaloriesPlaceholder {}
