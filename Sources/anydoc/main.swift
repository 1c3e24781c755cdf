import AnyDocSwift
print(AnyDocVersion.current)
