import ChatRender
print("placeholder")
